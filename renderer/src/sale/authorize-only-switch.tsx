import { useTranslation } from 'react-i18next';
import { useSaleStore } from '../stores/sale-store';

/**
 * Authorize only: the sale holds the money and History captures or releases it
 * later. Starts as the settings say; the operator's choice lasts for this sale's draft.
 */
export function AuthorizeOnlySwitch({ checked }: { checked: boolean }) {
  const { t } = useTranslation();
  return (
    <label className="choice authorize-only">
      <input
        type="checkbox"
        name="authorize-only"
        checked={checked}
        onChange={(event) =>
          useSaleStore.getState().editDraft({ authorizeOnly: event.target.checked })
        }
      />
      <span>
        {t('holds.authorizeOnly')}
        <span className="field-hint">{t('holds.authorizeOnlyHint')}</span>
      </span>
    </label>
  );
}
