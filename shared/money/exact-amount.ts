import { err, ok, type Result } from '../result';
import {
  currencyExponent,
  formatMinor,
  gatewayAmount,
  parseAmount,
  type AmountError,
} from './amount';
import type { Currency } from './currencies';
import { decimalDigitsOf } from './decimal-text';

/**
 * Rules for an amount that goes to the gateway as a JSON number, shared by the sale form
 * (renderer) and main, on top of parseAmount's format rules:
 *
 * - `amount-not-exact`: the JSON number must spell the typed decimal. A double holds 15
 *   significant decimal digits exactly; from 2^46 minor units (about 7.0e13 SAR) a cent is
 *   lost on the wire (70368744177664.01 goes out as .02). More than 15 significant digits is
 *   refused outright, and the text of the number that would be sent is compared with the
 *   typed digits.
 * - `amount-third-decimal`: KWD, BHD, OMR and JOD have 3 decimals, but the session signature
 *   carries 2 (GATEWAY.md) and how the gateway would round a third is unknown, so a non-zero
 *   third decimal is refused rather than signed as something else than what is charged.
 */
export type ExactAmountError = AmountError | 'amount-not-exact' | 'amount-third-decimal';

const maxSignificantDigits = 15;

/** True when the JSON number sent for `minor` of `currency` spells exactly that decimal. */
export function jsonCarriesExactly(minor: number, currency: Currency): boolean {
  const significant = String(minor).replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > maxSignificantDigits) return false;
  const sent = decimalDigitsOf(gatewayAmount(minor, currency));
  const [integer = '', fraction = ''] = formatMinor(minor, currency).split('.');
  return (
    sent !== null &&
    sent.integer === integer.replace(/^0+(?=\d)/, '') &&
    sent.fraction === fraction.replace(/0+$/, '')
  );
}

/** The amount of a sale (or of its prepared session): parseAmount, then the wire rules. */
export function parseSaleAmount(
  text: string,
  currency: Currency,
  capMinor?: number,
): Result<number, ExactAmountError> {
  const parsed = parseAmount(text, currency, capMinor);
  if (!parsed.ok) return parsed;
  if (!jsonCarriesExactly(parsed.value, currency)) return err('amount-not-exact');
  if (currencyExponent(currency) === 3 && parsed.value % 10 !== 0) {
    return err('amount-third-decimal');
  }
  return ok(parsed.value);
}
