import type { StatementSync } from 'node:sqlite';
import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import { JournalError } from '../platform/journal-error';
import { checkEvent, checkNewAttempt } from './journal-inputs';

/** The audit step that opens an adopted attempt's trail: History marks the payment by it. */
export const adoptedStep = 'adopted-from-gateway';

/** What a gateway order adopted by a supervisor brings: the order's own facts, masked card. */
export interface AdoptedOrder {
  orderId: string;
  merchantReferenceId: string;
  /** The order's amount and what the gateway shows refunded of it when adopted. */
  amountMinor: number;
  refundedMinor: number;
  currency: Currency;
  brand: CardBrand | null;
  /** The gateway's mask: first 6, asterisks for the hidden digits, last 4. */
  maskedCard: string;
  /** When the gateway created the order: the sale's time in History. */
  createdAt: number;
  /** The gateway and merchant key the order was found on: its refunds go there. */
  gatewayBaseUrl: string;
  merchantPublicKey: string;
  adoptedBy: string | null;
  adoptedAt: number;
}

/** One attempt per adopted order, so a second adoption of it fails on the primary key. */
export const adoptedAttemptId = (orderId: string) => `adopted-${orderId.toLowerCase()}`;

const maskParts = /^(\d{6})(\*{2,9})(\d{4})$/;

/**
 * Writes a gateway order a supervisor adopted as a paid attempt, with one audit event saying
 * so (who adopted it, when, from which order). No session, Pay or any other step is
 * invented: the trail starts at the adoption. The attempt is written already paid (or partly
 * refunded), which the transition table never allows from `created`; that is why it is not
 * created and moved, and why the journal writes no ledger entry for it here: the caller
 * writes the 'adopted' entry in the same transaction, the only entry counting this money,
 * and a later refund adds its 'refund' entry like any sale's.
 */
export function insertAdoptedAttempt(
  prepare: (sql: string) => StatementSync,
  order: AdoptedOrder,
): string {
  const parts = maskParts.exec(order.maskedCard);
  if (!parts) {
    throw new JournalError('card-data-refused', 'The gateway gave no first 6 and last 4.');
  }
  const [, first6 = '', hidden = '', last4 = ''] = parts;
  const attemptId = adoptedAttemptId(order.orderId);
  const checked = checkNewAttempt({
    attemptId,
    merchantReferenceId: order.merchantReferenceId,
    amountMinor: order.amountMinor,
    currency: order.currency,
    brand: order.brand,
    first6,
    last4,
    holderName: '',
    createdAt: order.createdAt,
    gatewayBaseUrl: order.gatewayBaseUrl,
    merchantPublicKey: order.merchantPublicKey,
    operatorId: order.adoptedBy,
  });
  const state = order.refundedMinor > 0 ? 'partially-refunded' : 'paid';
  prepare(
    `INSERT INTO attempts (attempt_id, merchant_reference_id, order_id, amount_minor, currency,
       brand, first6, last4, card_length, holder_name, state, status, refunded_minor,
       created_at, updated_at, gateway_base_url, merchant_public_key, operator_id,
       payment_operation)
     VALUES (:attemptId, :reference, :orderId, :amountMinor, :currency, :brand, :first6, :last4,
       :cardLength, '', :state, :state, :refundedMinor, :createdAt, :adoptedAt,
       :gatewayBaseUrl, :merchantPublicKey, :operatorId, 'Pay')`,
  ).run({
    attemptId,
    reference: checked.merchantReferenceId,
    orderId: order.orderId,
    amountMinor: checked.amountMinor,
    currency: checked.currency,
    brand: checked.brand,
    first6: checked.first6,
    last4: checked.last4,
    // The gateway's mask says how long the card was.
    cardLength: 10 + hidden.length,
    state,
    refundedMinor: order.refundedMinor,
    createdAt: checked.createdAt,
    adoptedAt: order.adoptedAt,
    gatewayBaseUrl: order.gatewayBaseUrl,
    merchantPublicKey: order.merchantPublicKey,
    operatorId: checked.operatorId ?? null,
  });
  const event = checkEvent({
    step: adoptedStep,
    outcome: state,
    detail: order.orderId,
    operator: order.adoptedBy,
  });
  prepare(
    `INSERT INTO events (attempt_id, at, step, outcome, detail, operator)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    attemptId,
    order.adoptedAt,
    event.step,
    event.outcome,
    event.detail ?? null,
    event.operator ?? null,
  );
  return attemptId;
}
