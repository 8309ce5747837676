import { useTranslation } from 'react-i18next';
import type { SavedCardView } from '../../../shared/ipc-customers';
import { expiryText, knownBrand } from './saved-card-facts';

/**
 * A saved card as every screen names it: brand and last 4, nothing more. The digits are
 * isolated left to right, so beside Arabic words they stay `•••• 4242`.
 */
export function SavedCardName({ card }: { card: Pick<SavedCardView, 'brand' | 'last4'> }) {
  const { t } = useTranslation();
  const brand = knownBrand(card.brand);
  return (
    <span className="saved-card-name">
      {brand ? (
        t(`brands.${brand}`)
      ) : card.brand ? (
        <bdi>{card.brand}</bdi>
      ) : (
        t('customers.cards.card')
      )}{' '}
      <bdi dir="ltr" className="value-card-end">
        •••• {card.last4}
      </bdi>
    </span>
  );
}

/** The expiry as printed on the card, `MM/YY`, isolated. */
export function SavedCardExpiry({
  card,
}: {
  card: Pick<SavedCardView, 'expiryMonth' | 'expiryYear'>;
}) {
  return (
    <bdi dir="ltr" className="value-expiry">
      {expiryText(card)}
    </bdi>
  );
}
