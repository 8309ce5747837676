import { decimalDigitsOf } from './decimal-text';

/**
 * The amount as the Create Session (and callback) signature spells it: exactly 2 decimals,
 * '.' as the point, no grouping, no locale. Built from the JSON number's shortest decimal
 * text, rounding half up on those decimal digits, so client and sandbox, which both see the
 * same JSON number, produce the same text: 1.005 → '1.01' (toFixed on the binary value would
 * give '1.00'), 1000 → '1000.00', 12345.67 → '12345.67'. This matches Java's
 * String.format("%.2f"), which the official Android SDK uses.
 *
 * 3-decimal currencies (KWD, BHD, OMR, JOD) are rounded too: 10.005 → '10.01'. The gateway
 * documents only "2 decimals"; our sandbox signs the same way, and against the real gateway
 * this is the documented rule applied literally. NaN and ±Infinity (never valid amounts)
 * come back as String(amount), which no signature check will accept.
 */
export const signatureAmountText = (amount: number): string => {
  const digits = decimalDigitsOf(amount);
  if (!digits) return String(amount);
  const kept = digits.fraction.padEnd(3, '0');
  const roundUp = Number(kept[2]) >= 5 ? 1n : 0n;
  const cents = (BigInt(digits.integer + kept.slice(0, 2)) + roundUp).toString().padStart(3, '0');
  const sign = digits.negative && cents !== '000' ? '-' : '';
  return `${sign}${cents.slice(0, -2)}.${cents.slice(-2)}`;
};
