import { formatCustomerPhone, validateCustomerPhone } from '../../../shared/phone';

/**
 * A customer's stored phone (E.164) as people write it, `+966 50 123 4567`, isolated left
 * to right so `+966` never becomes `966+` beside Arabic words.
 */
export function CustomerPhoneValue({ phone }: { phone: string }) {
  const parsed = validateCustomerPhone({ countryCode: '', number: phone });
  return (
    <bdi dir="ltr" className="value-phone">
      {parsed.ok && parsed.value ? formatCustomerPhone(parsed.value) : phone}
    </bdi>
  );
}
