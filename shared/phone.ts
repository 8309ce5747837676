import { err, ok, type Result } from './result';

export interface CustomerPhone {
  readonly countryCode: string;
  readonly number: string;
}

export type PhoneError = 'phone-country-code' | 'phone-number' | 'phone-incomplete';

// '+' then 1–3 digits; no country calling code starts with 0.
const countryCodeText = /^\+[1-9]\d{0,2}$/;
const numberText = /^\d{4,14}$/;

/**
 * The optional customer phone for Pay. The gateway wants customerPhoneNumber and
 * customerPhoneCountryCode together or not at all, so both empty (or null) is ok(null) and
 * only one is 'phone-incomplete'. Spaces and dashes are stripped from the number; the
 * country code is only trimmed.
 */
export const validateCustomerPhone = (
  input: CustomerPhone | null,
): Result<CustomerPhone | null, PhoneError> => {
  const countryCode = input?.countryCode.trim() ?? '';
  const number = input?.number.replace(/[\s-]/g, '') ?? '';
  if (countryCode === '' && number === '') return ok(null);
  if (countryCode === '' || number === '') return err('phone-incomplete');
  if (!countryCodeText.test(countryCode)) return err('phone-country-code');
  if (!numberText.test(number)) return err('phone-number');
  return ok({ countryCode, number });
};
