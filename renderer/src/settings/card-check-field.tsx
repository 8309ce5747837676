import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../common/checkbox-field';

/**
 * "Check the card only after Pay". Unticked (the default), the card number goes
 * to the gateway as soon as it is complete, so the customer's verification opens one round
 * trip after Pay; ticked, nothing leaves before Pay, as before.
 */
export function CardCheckField(props: { checkEarly: boolean; onChange(early: boolean): void }) {
  const { t } = useTranslation();
  return (
    <CheckboxField
      label={t('settings.checkCardAfterPay')}
      hint={t('settings.checkCardAfterPayHint')}
      checked={!props.checkEarly}
      onChange={(afterPay) => props.onChange(!afterPay)}
    />
  );
}
