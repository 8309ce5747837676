import { createHmac } from 'node:crypto';
import { signatureAmountText } from '../../../shared/money/amount';

export interface SessionSignatureInput {
  merchantPublicKey: string;
  apiPassword: string;
  /** The JSON number sent as `amount`; signed as text with exactly 2 decimals. */
  amount: number;
  currency: string;
  merchantReferenceId: string;
  /** Must be byte-identical to the `timestamp` sent in the body. */
  timestamp: string;
}

/**
 * Create Session's signature (GATEWAY.md): base64 HMAC-SHA256, keyed with the API password,
 * over publicKey + amount(2 dp, locale-free) + currency + merchantReferenceId + timestamp.
 */
export function sessionSignature(input: SessionSignatureInput): string {
  const message =
    input.merchantPublicKey +
    signatureAmountText(input.amount) +
    input.currency +
    input.merchantReferenceId +
    input.timestamp;
  return createHmac('sha256', Buffer.from(input.apiPassword, 'utf8'))
    .update(message, 'utf8')
    .digest('base64');
}
