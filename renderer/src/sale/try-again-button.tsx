import { useTranslation } from 'react-i18next';
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
