import { err, ok, type Result } from '../../../../shared/result';
import { currencyExponents, type Currency } from '../../../../shared/money/currencies';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';
import type { ExactDecimal } from './gateway-number';

export type AmountProblem = 'not-positive' | 'too-many-decimals' | 'too-large';

const pow10 = (power: number): bigint => 10n ** BigInt(power);
const safeLimit = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The sandbox's own amount rule (written from GATEWAY.md and DESIGN.md, not shared with the
 * app): an amount is positive and has at most the currency's ISO 4217 decimals (SAR 2,
 * KWD 3, JPY 0). Trailing zeros do not count: "200.00" JPY is 200. Answers minor units.
 */
export const minorUnitsOf = (
  amount: ExactDecimal,
  currency: Currency,
): Result<number, AmountProblem> => {
  if (amount.mantissa <= 0n) return err('not-positive');
  const shift = currencyExponents[currency] - amount.scale;
  let minor: bigint;
  if (shift >= 0) {
    minor = amount.mantissa * pow10(shift);
  } else {
    const unit = pow10(-shift);
    if (amount.mantissa % unit !== 0n) return err('too-many-decimals');
    minor = amount.mantissa / unit;
  }
  return minor > safeLimit ? err('too-large') : ok(Number(minor));
};

/** The field error of an amount the rule refuses. */
export const amountFieldError = (problem: AmountProblem): FieldError => ({
  field: 'amount',
  code: gatewayCodes.invalidFields,
  message: `The amount must be positive with at most the currency's decimals (${problem}).`,
});

/** Minor units as the decimal text of major units: 12550 SAR → '125.50', 500 JPY → '500'. */
export const majorUnitsText = (minor: number, currency: Currency): string => {
  const exponent = currencyExponents[currency];
  if (exponent === 0) return String(minor);
  const unit = pow10(exponent);
  const value = BigInt(minor);
  return `${value / unit}.${(value % unit).toString().padStart(exponent, '0')}`;
};

/** Minor units as the JSON number the gateway answers with (125.5 for 12550 SAR). */
export const amountNumber = (minor: number, currency: Currency): number =>
  Number(majorUnitsText(minor, currency));

/**
 * The amount as Create Session's signature spells it (GATEWAY.md): exactly 2 decimals, '.'
 * as the point, no grouping, rounded half up on the exact decimal the client sent (so 1.005
 * signs as '1.01', as Java's String.format("%.2f") in the official Android SDK writes it).
 */
export const signatureAmountOf = (amount: ExactDecimal): string => {
  const negative = amount.mantissa < 0n;
  const magnitude = negative ? -amount.mantissa : amount.mantissa;
  const shift = 2 - amount.scale;
  let cents: bigint;
  if (shift >= 0) {
    cents = magnitude * pow10(shift);
  } else {
    const unit = pow10(-shift);
    cents = magnitude / unit + ((magnitude % unit) * 2n >= unit ? 1n : 0n);
  }
  const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  return negative && cents !== 0n ? `-${text}` : text;
};
