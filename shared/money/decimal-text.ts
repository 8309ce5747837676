/**
 * A finite number's shortest round-trip decimal text (what JSON carries and what
 * `String(n)` prints), split into sign, integer digits and fraction digits without
 * exponent notation. Working on these digits, never on the binary value, is what keeps
 * 1.005 meaning 1.005 rather than 1.00499999999999989…
 */
export interface DecimalDigits {
  readonly negative: boolean;
  /** At least one digit; no leading zeros except a lone '0'. */
  readonly integer: string;
  /** Possibly empty; no trailing zeros. */
  readonly fraction: string;
}

const shortestText = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** Null for NaN and ±Infinity, which have no digits. */
export const decimalDigitsOf = (value: number): DecimalDigits | null => {
  const match = shortestText.exec(String(value));
  if (!match) return null;
  const [, sign = '', whole = '', fractionText = '', exponentText = '0'] = match;
  // Place the point in the mantissa's digits: 1.5e-7 → digits '15', point at 1 - 7 = -6.
  const digits = whole + fractionText;
  const point = whole.length + Number(exponentText);
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const pointAt = Math.max(point, 1);
  return {
    negative: sign === '-',
    integer: padded.slice(0, pointAt).replace(/^0+(?=\d)/, ''),
    fraction: padded.slice(pointAt).replace(/0+$/, ''),
  };
};
