import type { DatabaseSync } from 'node:sqlite';
import type { StoredAttempt } from '../../../main/core/journal/attempt-rows';
import { inTransaction } from '../../../main/core/platform/transaction';

/**
 * What an attempt holds before the gateway has told it anything: no session or order kept,
 * no failure, nothing refunded, a one-step Pay, never held. The journal creates every attempt
 * so; bulk-written ones keep it unless a test says otherwise.
 */
export const unsetAttemptFields = {
  sessionId: null,
  orderId: null,
  threeDSecureId: null,
  failure: null,
  order: null,
  refundedMinor: 0,
  gatewayBaseUrl: null,
  merchantPublicKey: null,
  sessionCreatedAt: null,
  sessionExpiresAt: null,
  settleAfter: null,
  paymentOperation: 'Pay',
  heldAt: null,
  cardSource: 'keyed',
  saveCard: null,
} as const satisfies Partial<StoredAttempt>;

/**
 * What a finished attempt written in bulk leaves at its default: a 16-digit card and the
 * unset fields above. Spread first, then the fields a test cares about.
 */
export const bulkAttemptDefaults = {
  cardLength: 16,
  ...unsetAttemptFields,
} as const satisfies Partial<StoredAttempt>;

/**
 * Bulk-writes finished attempts straight into the attempts table, in one transaction: the
 * way to get thousands (tests) or a million (benchmark) rows in seconds. The public API
 * commits each write durably, which is what it must do and what makes it slow for this.
 */
export function insertAttempts(db: DatabaseSync, attempts: Iterable<StoredAttempt>): void {
  const insert = db.prepare(`INSERT INTO attempts (attempt_id, merchant_reference_id,
    session_id, order_id, three_ds_secure_id, amount_minor, currency, brand, first6, last4,
    card_length, holder_name, state, status, failure_code, gateway_code, gateway_message,
    correlation_id, order_json, refunded_minor, created_at, updated_at, operator_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  inTransaction(db, () => {
    for (const a of attempts) {
      insert.run(
        a.attemptId,
        a.merchantReferenceId,
        a.sessionId,
        a.orderId,
        a.threeDSecureId,
        a.amountMinor,
        a.currency,
        a.brand,
        a.first6,
        a.last4,
        a.cardLength,
        a.holderName,
        a.state,
        a.status,
        a.failure?.code ?? null,
        a.failure?.gatewayCode ?? null,
        a.failure?.gatewayMessage ?? null,
        a.failure?.correlationId ?? null,
        a.order === null ? null : JSON.stringify(a.order),
        a.refundedMinor,
        a.createdAt,
        a.updatedAt,
        a.operatorId ?? null,
      );
    }
  });
}
