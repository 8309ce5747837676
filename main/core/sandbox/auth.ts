import { createHash, timingSafeEqual } from 'node:crypto';

export interface MerchantCredentials {
  readonly merchantPublicKey: string;
  readonly apiPassword: string;
}

// Digests make both sides the same length, which timingSafeEqual requires.
const sameText = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * `Authorization: Basic base64(merchantPublicKey:apiPassword)` (GATEWAY.md). The scheme
 * name is case-insensitive (RFC 9110); the password may itself contain ':'.
 */
export const isAuthorized = (
  header: string | undefined,
  merchant: MerchantCredentials,
): boolean => {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const keyOk = sameText(decoded.slice(0, colon), merchant.merchantPublicKey);
  const passwordOk = sameText(decoded.slice(colon + 1), merchant.apiPassword);
  return keyOk && passwordOk;
};
