import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Check the card only after Pay". Unticked (the default), the card number goes
 * to the gateway as soon as it is complete, so the customer's verification opens one round
 * trip after Pay; ticked, nothing leaves before Pay, as before.
 */
export function CardCheckField(props: { checkEarly: boolean; onChange(early: boolean): void }) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="field">
      <label className="checkbox-field">
        <input
          type="checkbox"
          aria-describedby={hintId}
          checked={!props.checkEarly}
          onChange={(event) => props.onChange(!event.target.checked)}
        />
        {t('settings.checkCardAfterPay')}
      </label>
      <p id={hintId} className="field-hint">
        {t('settings.checkCardAfterPayHint')}
      </p>
    </div>
  );
}
