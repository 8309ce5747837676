import { callingCodeOf, validateCustomerPhone } from '../../../shared/phone';
import { asciiDigits, scanForm } from '../../../shared/text/digit-runs';
import type { CustomerMatch } from './customer-sql';

const phoneLike = /^\+?[\p{Nd}\s\-().]+$/u;

/**
 * The digits to look for in stored E.164 phones: a whole number as the agent types it
 * (`050 123 4567`, read in the store's country as the customer form reads it, or
 * `+966…`/`00966…`) is that one phone; a part of one (`1234567`) is looked for anywhere,
 * without the leading zeros a prefix would add. Under 5 digits is too short for a phone.
 */
function phoneDigitsOf(digits: string, merchantCountry: string): string | null {
  const whole = validateCustomerPhone({
    countryCode: callingCodeOf(merchantCountry),
    number: digits.startsWith('00') ? `+${digits.slice(2)}` : digits,
  });
  if (whole.ok && whole.value) return `${whole.value.countryCode}${whole.value.number}`.slice(1);
  const part = digits.replace(/^0+/, '');
  return part.length >= 5 ? part : null;
}

/**
 * What the agent typed, read as a name, a phone and a card's last 4 at once: one box finds
 * "Sara", "050 123 4567" and "4242", in any script's digits (٤٢٤٢).
 */
export function searchTerms(query: string, merchantCountry: string): CustomerMatch {
  const name = query.trim();
  const normalised = scanForm(name);
  const digits = phoneLike.test(normalised) ? asciiDigits(normalised) : '';
  return {
    name,
    phoneDigits: digits === '' ? null : phoneDigitsOf(digits, merchantCountry),
    last4: digits.length === 4 ? digits : null,
  };
}
