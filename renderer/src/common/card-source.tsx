import { useTranslation } from 'react-i18next';
import type { CardSource } from '../../../shared/ipc';
import { Fact } from './fact';

/** Only a saved card is said: a keyed card is what every other payment is. */
const savedSource = (source: CardSource | undefined) =>
  source && source !== 'keyed' ? source : null;

/** The "Paid with" line of a result or a payment's detail, for a saved card only. */
export function CardSourceFact({ source }: { source: CardSource | undefined }) {
  const { t } = useTranslation();
  const saved = savedSource(source);
  if (!saved) return null;
  return <Fact label={t('savedCards.source')} value={t(`savedCards.sources.${saved}`)} />;
}

/**
 * A History row's small mark for a saved card: a short word on screen, the whole "Paid with"
 * line for a screen reader, so the row stays one glance wide.
 */
export function CardSourceMark({ source }: { source: CardSource | undefined }) {
  const { t } = useTranslation();
  const saved = savedSource(source);
  if (!saved) return null;
  return (
    <span className={`card-source-mark card-source-${saved}`} data-card-source={saved}>
      <span aria-hidden="true">{t(`savedCards.marks.${saved}`)}</span>
      <span className="visually-hidden">
        {`${t('savedCards.source')}: ${t(`savedCards.sources.${saved}`)}`}
      </span>
    </span>
  );
}
