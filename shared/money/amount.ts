import { err, ok, type Result } from '../result';
import { currencyExponents, type Currency } from './currencies';
import { decimalDigitsOf } from './decimal-text';

// The agreed import path for every amount conversion; the signature's rounding rule is long
// enough to live in its own file.
export { signatureAmountText } from './signature-amount';

export type AmountError =
  | 'amount-required'
  | 'amount-format'
  | 'amount-negative'
  | 'amount-zero'
  | 'amount-decimals'
  | 'amount-over-cap';

/** ISO 4217 minor-unit exponent: SAR 2, KWD 3, JPY 0. */
export const currencyExponent = (currency: Currency): number => currencyExponents[currency];

const maxMinor = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Integer minor units from decimal digits, without floating point. The caller guarantees
 * `integer` and `fraction` are ASCII digits.
 */
const minorFromDigits = (
  integer: string,
  fraction: string,
  currency: Currency,
  capMinor: number,
): Result<number, 'amount-decimals' | 'amount-zero' | 'amount-over-cap'> => {
  const exponent = currencyExponent(currency);
  if (fraction.length > exponent) return err('amount-decimals');
  const minor = BigInt(integer + fraction.padEnd(exponent, '0'));
  if (minor === 0n) return err('amount-zero');
  // Past the safe range first: below it Number(minor) is exact and the cap compares as a
  // plain number (a fractional or NaN cap must not throw as BigInt(cap) would).
  if (minor > maxMinor || !(Number(minor) <= capMinor)) return err('amount-over-cap');
  return ok(Number(minor));
};

// Digits on both sides of the point when there is one. '10.' and '.5' are refused: on a
// payment terminal a dangling point more likely means a lost keystroke (10.5 → '10.',
// 1.5 → '.5') than a deliberate amount, and charging the wrong sum is worse than asking.
// Grouping (1,000), exponents (1e3), signs and non-ASCII digits are refused for the same
// reason: one unambiguous spelling.
const amountText = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses what the operator typed into integer minor units of `currency`. Refuses more
 * decimals than the currency has (10.005 SAR), even trailing zeros (10.500 SAR), so the
 * amount charged is exactly the amount typed. `capMinor` is an optional business cap; the
 * hard cap is Number.MAX_SAFE_INTEGER minor units, beyond which integers stop being exact.
 */
export const parseAmount = (
  text: string,
  currency: Currency,
  capMinor: number = Number.MAX_SAFE_INTEGER,
): Result<number, AmountError> => {
  const trimmed = text.trim();
  if (trimmed === '') return err('amount-required');
  const unsigned = trimmed.startsWith('-') ? trimmed.slice(1).trimStart() : trimmed;
  const match = amountText.exec(unsigned);
  if (!match) return err('amount-format');
  if (unsigned !== trimmed) return err('amount-negative');
  return minorFromDigits(match[1] ?? '', match[2] ?? '', currency, capMinor);
};

/**
 * Minor units from an amount the gateway sent as a JSON number (order.amount and friends),
 * read through its shortest decimal text so 12345.67 becomes exactly 1234567.
 */
export const minorFromGatewayAmount = (
  amount: number,
  currency: Currency,
): Result<number, AmountError> => {
  const digits = decimalDigitsOf(amount);
  if (!digits) return err('amount-format');
  if (digits.negative) return err('amount-negative');
  return minorFromDigits(digits.integer, digits.fraction, currency, Number.MAX_SAFE_INTEGER);
};

/**
 * Plain decimal text of integer minor units: the currency's exponent, '.' as the point, no
 * grouping, whatever the locale (1234567 SAR → '12345.67', 10005 KWD → '10.005',
 * 500 JPY → '500'). `minor` must be a safe integer.
 */
export const formatMinor = (minor: number, currency: Currency): string => {
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
};

/**
 * The JSON number sent to the gateway. Parsing the exact decimal text gives the double whose
 * shortest text is that same decimal (for up to 15 significant digits), so JSON.stringify puts
 * 12345.67 on the wire, not 12345.670000000002.
 */
export const gatewayAmount = (minor: number, currency: Currency): number =>
  Number(formatMinor(minor, currency));

/**
 * The settings' per-sale cap (decimal text in major units) in minor units of `currency`; none
 * when it is absent or does not parse in that currency (e.g. a fractional cap for JPY), so a
 * bad setting never blocks every sale. Renderer and main use this same reading.
 */
export const capMinorOf = (
  amountCap: string | undefined,
  currency: Currency,
): number | undefined => {
  if (!amountCap) return undefined;
  const cap = parseAmount(amountCap, currency);
  return cap.ok ? cap.value : undefined;
};
