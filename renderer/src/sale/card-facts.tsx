import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '../../../shared/ipc';
import { CardSourceFact } from '../common/card-source';
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
      <CardSourceFact source={result.cardSource} />
      <Fact label={t('result.reference')} value={result.merchantReferenceId} ltr />
    </>
  );
}
