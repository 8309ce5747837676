import { useTranslation } from 'react-i18next';
import type { AttemptDetail } from '../../../shared/ipc';
import { formatDateTime } from '../../../shared/format/date-text';
import { useLanguage } from '../i18n/use-language';
import { useOperatorNames } from '../operators/operator-names';

/** The journal's first step of a payment adopted from the gateway (journal/adopted-attempt.ts). */
const adoptedStep = 'adopted-from-gateway';

/**
 * Says that a payment came from the gateway's record, adopted by a supervisor, and when: its
 * trail has no Pay of ours, so whoever reads or refunds it knows why.
 */
export function AdoptedMark({ detail }: { detail: AttemptDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const names = useOperatorNames((s) => s.names);
  const adoption = detail.events[0];
  if (adoption?.step !== adoptedStep) return null;
  const who = adoption.operator ? (names[adoption.operator] ?? adoption.operator) : null;
  return (
    <div className="notice adopted-mark" role="note" data-testid="adopted-mark">
      <p>
        <strong>{t('adoption.mark')}</strong>
      </p>
      <p>
        {who ? t('adoption.by', { who: `\u2068${who}\u2069` }) : t('adoption.nobody')}
        {' · '}
        <bdi>{formatDateTime(adoption.at, language)}</bdi>
      </p>
      <p>{t('adoption.explain')}</p>
    </div>
  );
}
