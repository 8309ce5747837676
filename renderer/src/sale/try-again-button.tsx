import { useTranslation } from 'react-i18next';
import { useLinkStore } from '../stores/link-store';
import { useSaleStore } from '../stores/sale-store';

/**
 * After an outcome that certainly charged nothing, the likeliest next step is the same sale
 * with another card (or the code typed right): focus lands here so Enter does it.
 */
export function TryAgainButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button-primary"
      autoFocus
      onClick={() => useSaleStore.getState().tryAgain()}
    >
      {t('result.tryAgain')}
    </button>
  );
}

/**
 * The other way out of a card that did not go through (a customer who will not read out a
 * code, a card that needs its owner's phone): the same amount, reference and phone as a
 * payment link the customer pays on their own phone.
 */
export function SendLinkInsteadButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        useSaleStore.getState().tryAgain();
        useLinkStore.getState().choose('link');
        useLinkStore.getState().show(null);
      }}
    >
      {t('links.sendInstead')}
    </button>
  );
}
