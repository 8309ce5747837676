import { maskCardNumbers } from '../../../shared/text/card-in-text';

/**
 * Redaction rules shared by the logger and by anything that stores gateway text (journal
 * failures, error values): card numbers and credentials must never leave memory. What counts
 * as a card number in text is shared/text/card-in-text.ts.
 */

const basicCredential = /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._-]+/gi;

/** Keys whose values are secrets or card data whatever they hold. */
const sensitiveKeys = new Set([
  'authorization',
  'apipassword',
  'password',
  'secret',
  'cvv',
  'cvc',
  'cardnumber',
  'pan',
  'number',
]);

const MAX_DEPTH = 6;

/** Masks every card-like digit run as first 6 + asterisks + last 4, and any Basic credential. */
export function maskSensitiveText(text: string): string {
  return maskCardNumbers(text).replace(
    basicCredential,
    (_match, scheme: string) => `${scheme} [redacted]`,
  );
}

const isSensitiveKey = (key: string) =>
  sensitiveKeys.has(key.replace(/[^a-z]/gi, '').toLowerCase());

/**
 * Returns a copy of `value` safe to log: secret-named keys replaced, strings and numbers
 * masked, errors reduced to name/code/message, cycles and deep nesting cut.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return maskSensitiveText(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const text = String(value);
    const masked = maskSensitiveText(text);
    return masked === text ? value : masked;
  }
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth >= MAX_DEPTH) return '[…]';
  seen.add(value);
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return redactValue(
      { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) },
      depth + 1,
      seen,
    );
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isSensitiveKey(key) ? '[redacted]' : redactValue(item, depth + 1, seen);
  }
  return out;
}
