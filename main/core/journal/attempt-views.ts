import type {
  AttemptResult,
  AttemptStatus,
  CardSource,
  HistoryRow,
  Outcome,
} from '../../../shared/ipc';
import type { AttemptSummary, StoredAttempt } from './attempt-rows';
import { maskedCard } from './card-data-guard';

/**
 * The outcome the result screen shows for a stored status.
 *
 * - A status that is an outcome is shown as is.
 * - `refunded`, `partially-refunded`, `voided`: the sale itself was `paid`; what happened
 *   after is in the order snapshot (refundedMinor, detailedStatus, its transactions).
 * - `in-progress`: `in-doubt`. The journal cannot tell whether a running (or crashed)
 *   attempt will still charge the card, and telling the operator "not paid" when it may be
 *   is the one mistake a terminal must not make; in-doubt sends them to check instead.
 */
export function outcomeOf(status: AttemptStatus): Outcome {
  switch (status) {
    case 'refunded':
    case 'partially-refunded':
    case 'voided':
      return 'paid';
    // The sale was a hold; its release or lapse is in the order snapshot.
    case 'released':
    case 'hold-expired':
      return 'authorized';
    case 'in-progress':
      return 'in-doubt';
    default:
      return status;
  }
}

type RowSource = Pick<
  AttemptSummary,
  | 'attemptId'
  | 'createdAt'
  | 'merchantReferenceId'
  | 'orderId'
  | 'amountMinor'
  | 'currency'
  | 'brand'
  | 'first6'
  | 'last4'
  | 'cardLength'
  | 'holderName'
  | 'status'
  | 'refundedMinor'
> & {
  operatorId?: string | null;
  heldAt?: number | null;
  failureCode?: string | null;
  cardSource?: CardSource;
};

export const maskedCardOf = (source: Pick<RowSource, 'first6' | 'last4' | 'cardLength'>) =>
  maskedCard(source.first6, source.last4, source.cardLength);

export function toHistoryRow(source: RowSource): HistoryRow {
  return {
    attemptId: source.attemptId,
    createdAt: source.createdAt,
    merchantReferenceId: source.merchantReferenceId,
    orderId: source.orderId,
    amountMinor: source.amountMinor,
    currency: source.currency,
    brand: source.brand,
    masked: maskedCardOf(source),
    holderName: source.holderName,
    status: source.status,
    refundedMinor: source.refundedMinor,
    operatorId: source.operatorId ?? null,
    heldAt: source.heldAt ?? null,
    failureCode: source.failureCode ?? null,
    cardSource: source.cardSource ?? 'keyed',
  };
}

export function toAttemptResult(attempt: StoredAttempt): AttemptResult {
  return {
    attemptId: attempt.attemptId,
    outcome: outcomeOf(attempt.status),
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    merchantReferenceId: attempt.merchantReferenceId,
    card: { brand: attempt.brand, masked: maskedCardOf(attempt), holderName: attempt.holderName },
    order: attempt.order,
    failure: attempt.failure,
    createdAt: attempt.createdAt,
    cardSource: attempt.cardSource,
  };
}
