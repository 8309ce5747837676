import { formatElapsed } from '../format/date-time';
import { useLanguage } from '../i18n/use-language';

/** "Elapsed 1:07" since `since`, left to right even in Arabic. */
export function ElapsedTime({ label, since, now }: { label: string; since: number; now: number }) {
  const language = useLanguage();
  return (
    <p className="elapsed">
      <span>{label}</span>{' '}
      <span className="elapsed-time" dir="ltr">
        {formatElapsed(now - since, language)}
      </span>
    </p>
  );
}
