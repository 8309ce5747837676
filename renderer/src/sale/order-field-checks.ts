import type { Currency } from '../../../shared/money/currencies';
import { parseSaleAmount } from '../../../shared/money/exact-amount';
import { validateCustomerPhone, type CustomerPhone } from '../../../shared/phone';
import type { Result } from '../../../shared/result';
import { operatorFieldError } from '../../../shared/text/operator-text';

/**
 * Field checks the sale form and the link form share, each giving the error the field shows
 * (an i18n error code) or null; main applies the same shared rules again on Pay or Send.
 */

/** A required operator text (reference, holder name): empty, a card number or a bidi control. */
export function requiredTextError<C extends string>(text: string, required: string, cardCode: C) {
  const trimmed = text.trim();
  return trimmed === '' ? required : operatorFieldError(trimmed, cardCode);
}

/** The customer phone as its two boxes, with the error on the half that is wrong. */
export function checkPhoneFields(values: { phoneCountryCode: string; phoneNumber: string }): {
  phone: Result<CustomerPhone | null, string>;
  field: 'phoneCountryCode' | 'phoneNumber' | null;
} {
  const phone = validateCustomerPhone({
    countryCode: values.phoneCountryCode,
    number: values.phoneNumber,
  });
  if (phone.ok) return { phone, field: null };
  // An empty or unknown country code is the country box's to fix; anything else the number's.
  const onCountry = phone.error === 'phone-country-code' || phone.error === 'phone-incomplete';
  return { phone, field: onCountry ? 'phoneCountryCode' : 'phoneNumber' };
}

type OrderField = 'amount' | 'merchantReferenceId' | 'phoneCountryCode' | 'phoneNumber';

/**
 * The order fields a sale and a link both have: the amount (within the settings' cap), the
 * merchant reference and the customer phone, each error written on its field in `errors`.
 */
export function checkOrderFields(
  values: {
    amount: string;
    currency: Currency;
    merchantReferenceId: string;
    phoneCountryCode: string;
    phoneNumber: string;
  },
  errors: Partial<Record<OrderField, string>>,
  capMinor: number | undefined,
) {
  const amount = parseSaleAmount(values.amount, values.currency, capMinor);
  if (!amount.ok) errors.amount = amount.error;
  const reference = values.merchantReferenceId.trim();
  const referenceError = requiredTextError(
    reference,
    'merchant-reference-required',
    'merchant-reference-invalid',
  );
  if (referenceError) errors.merchantReferenceId = referenceError;
  const { phone, field } = checkPhoneFields(values);
  if (!phone.ok && field) errors[field] = phone.error;
  return { amount, reference, referenceError, phone };
}
