import { z } from 'zod';

/**
 * A decimal number as the gateway reads it, kept exact: value = mantissa / 10^scale. The
 * sandbox never does money arithmetic on binary floating point.
 */
export interface ExactDecimal {
  readonly mantissa: bigint;
  readonly scale: number;
}

// JSON's number grammar. ASP.NET's web defaults (JsonNumberHandling.AllowReadingFromString)
// read a JSON string holding exactly this as the number (GATEWAY.md, "What the gateway
// tolerates": `"amount": "200.00"` reads as 200).
const jsonNumber = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

// Far beyond any amount (a double tops out near 1e308); refusing it keeps 10n ** exponent
// from growing without bound on hostile input.
const maxExponent = 400;

/** The exact value of JSON number text; null if it is not one. */
export const exactDecimalOf = (text: string): ExactDecimal | null => {
  const match = jsonNumber.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const power = Number(exponent);
  if (Math.abs(power) > maxExponent) return null;
  const magnitude = BigInt(whole + fraction);
  return { mantissa: sign === '-' ? -magnitude : magnitude, scale: fraction.length - power };
};

/**
 * A numeric request field: a JSON number, or a string holding one. A JSON number arrives as
 * a double already; its shortest round-trip text (String) is the decimal the client wrote
 * for every amount a client can mean (15 significant digits and fewer).
 */
export const gatewayNumberSchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const exact = exactDecimalOf(typeof value === 'number' ? String(value) : value);
  if (exact === null) {
    context.addIssue({ code: 'custom', message: 'The value must be a number.' });
    return z.NEVER;
  }
  return exact;
});
