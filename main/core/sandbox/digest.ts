import { createHash } from 'node:crypto';

/**
 * A one-way fingerprint of values the sandbox must compare later but must not keep (card
 * number and expiry, device identification). Parts are JSON-joined so ['ab','c'] and
 * ['a','bc'] differ.
 */
export const digestOf = (...parts: readonly string[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
