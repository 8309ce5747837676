import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';
import { err, ok, type Result } from './result';

// The `min` metadata (about 80 kB) and not `max` (about 150 kB): it already refuses numbers
// no phone can have (length and each country's number ranges, so a Saudi `04…` or a US
// `555…` area code fail), which is what the cashier needs; `max` would only add the
// mobile-or-landline type, which cannot be told apart in several countries (US, Canada) and
// which the gateway does not ask for. Renderer and core import this one file, so both judge
// a number the same way.

/** The customer phone as the gateway takes it: calling code (`+966`) and national number. */
export interface CustomerPhone {
  readonly countryCode: string;
  readonly number: string;
}

export type PhoneError = 'phone-country-code' | 'phone-number' | 'phone-incomplete';

/** The countries libphonenumber knows, by ISO 3166 alpha-2 code (SA, AE, EG, …). */
export const phoneCountries: readonly CountryCode[] = getCountries();

export const isPhoneCountry = (code: string): code is CountryCode =>
  (phoneCountries as readonly string[]).includes(code);

/** `+966` for SA: what the link and sale forms' country code box starts with. */
export const callingCodeOf = (country: string): string =>
  isPhoneCountry(country) ? `+${getCountryCallingCode(country)}` : '';

// '+' (optional: "966" is read as "+966") then 1–3 digits; no calling code starts with 0.
const callingCodeText = /^\+?([1-9]\d{0,2})$/;

const knownCallingCodes = new Set(phoneCountries.map((country) => getCountryCallingCode(country)));

/** A national number read in the country the country code box names. */
const parseNational = (typed: string, countryCode: string) => {
  if (countryCode === '') return 'phone-incomplete' as const;
  const callingCode = callingCodeText.exec(countryCode)?.[1];
  if (callingCode === undefined || !knownCallingCodes.has(callingCode))
    return 'phone-country-code' as const;
  return parsePhoneNumberFromString(typed, { defaultCallingCode: callingCode });
};

/**
 * The optional customer phone, as typed: the number in its national form (`050 123 4567`,
 * the trunk 0 included) or international (`+966…`, `00966…`, which then overrides the
 * country code box). No number is no phone, whatever the country code box holds (it starts
 * filled with the store's own). A number libphonenumber finds impossible for its country is
 * 'phone-number'. The result is what the gateway takes: `+966` and `501234567`, together
 * the E.164 `+966501234567`.
 */
export const validateCustomerPhone = (
  input: CustomerPhone | null,
): Result<CustomerPhone | null, PhoneError> => {
  const typed = input?.number.replace(/[\s\-().]/g, '') ?? '';
  if (typed === '') return ok(null);
  const parsed =
    typed.startsWith('+') || typed.startsWith('00')
      ? parsePhoneNumberFromString(typed.replace(/^00/, '+'))
      : parseNational(typed, input?.countryCode.trim() ?? '');
  if (typeof parsed === 'string') return err(parsed);
  if (!parsed?.isValid()) return err('phone-number');
  return ok({ countryCode: `+${parsed.countryCallingCode}`, number: parsed.nationalNumber });
};

/**
 * A stored phone as people write it internationally (`+966 50 123 4567`), always left to
 * right; a phone kept before numbers were checked this way is shown as it was stored.
 */
export const formatCustomerPhone = (phone: CustomerPhone): string => {
  const code = phone.countryCode.startsWith('+') ? phone.countryCode : `+${phone.countryCode}`;
  const parsed = parsePhoneNumberFromString(`${code}${phone.number}`);
  return parsed?.isValid() && parsed.nationalNumber === phone.number
    ? parsed.formatInternational()
    : `${code} ${phone.number}`;
};
