import { createHmac, timingSafeEqual } from 'node:crypto';
import { signatureAmountOf } from './amount-rules';
import type { ExactDecimal } from './gateway-number';
import type { MerchantCredentials } from '../auth';

export interface SignedSessionFields {
  readonly amount: ExactDecimal;
  readonly currency: string;
  readonly merchantReferenceId: string;
  readonly timestamp: string;
}

/**
 * Create Session's signature (GATEWAY.md): base64 HMAC-SHA256, keyed with the API password,
 * over public key + amount with exactly 2 decimals + currency + merchantReferenceId +
 * timestamp, the timestamp byte-identical to the body's.
 */
export const sessionSignature = (
  merchant: MerchantCredentials,
  fields: SignedSessionFields,
): string =>
  createHmac('sha256', Buffer.from(merchant.apiPassword, 'utf8'))
    .update(
      merchant.merchantPublicKey +
        signatureAmountOf(fields.amount) +
        fields.currency +
        fields.merchantReferenceId +
        fields.timestamp,
      'utf8',
    )
    .digest('base64');

export const signatureMatches = (
  merchant: MerchantCredentials,
  fields: SignedSessionFields,
  signature: string,
): boolean => {
  const expected = Buffer.from(sessionSignature(merchant, fields), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
};
