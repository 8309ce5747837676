import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';

// The sandbox's own phone rule (seed §4.2): the country code is '+' and 1–3 digits, not
// starting with 0 (no calling code does); the number 4–14 digits, spaces and dashes aside.
const countryCodeText = /^\+[1-9]\d{0,2}$/;
const numberText = /^\d{4,14}$/;

const problem = (field: string, code: typeof gatewayCodes.phoneInvalid): FieldError => ({
  field,
  code,
  message: code.detailedResponseMessage,
});

/** Pay's customer phone: both parts or neither (seed §4.2), each well-formed. */
export const checkCustomerPhone = (
  number: string | undefined,
  countryCode: string | undefined,
): FieldError[] => {
  const digits = (number ?? '').replace(/[\s-]/g, '');
  const code = (countryCode ?? '').trim();
  if (digits === '' && code === '') return [];
  if (digits === '') return [problem('customerPhoneNumber', gatewayCodes.phoneIncomplete)];
  if (code === '') return [problem('customerPhoneCountryCode', gatewayCodes.phoneIncomplete)];
  if (!countryCodeText.test(code))
    return [problem('customerPhoneCountryCode', gatewayCodes.phoneInvalid)];
  return numberText.test(digits) ? [] : [problem('customerPhoneNumber', gatewayCodes.phoneInvalid)];
};
