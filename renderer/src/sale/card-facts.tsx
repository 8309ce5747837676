import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '../../../shared/ipc';
import { Fact } from '../common/fact';

/** The card and reference lines every result shows (the card masked, never in full). */
export function CardFacts({ result }: { result: AttemptResult }) {
  const { t } = useTranslation();
  return (
    <>
      <Fact label={t('result.card')} value={result.card.masked} ltr />
      <Fact
        label={t('result.brand')}
        value={t(result.card.brand ? `brands.${result.card.brand}` : 'brands.unknown')}
      />
      <Fact label={t('result.holder')} value={result.card.holderName} />
      {/* Said only for a saved card: a keyed card is what every other result shows. */}
      {result.cardSource && result.cardSource !== 'keyed' ? (
        <Fact label={t('savedCards.source')} value={t(`savedCards.sources.${result.cardSource}`)} />
      ) : null}
      <Fact label={t('result.reference')} value={result.merchantReferenceId} ltr />
    </>
  );
}
