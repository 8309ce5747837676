import { gatewayAmount } from '../../../../shared/money/amount';
import type { Currency } from '../../../../shared/money/currencies';
import type { GatewayClient } from '../../gateway/gateway-client';
import { neverLeft, type GatewayError } from '../../gateway/gateway-error';
import type { GatewayOrder } from '../../gateway/order-schema';
import { failureFromGatewayError } from '../../payments/failure-from-gateway';
import { pollOrder } from '../../payments/order-polling';
import { readRefundable } from '../../payments/order-state';
import type { RefundClaims } from './order-claims';

export interface RemoteRefundDeps {
  /** The store's claims (over a pool, or through the store thread). */
  claims: RefundClaims;
  gateway: Pick<GatewayClient, 'getOrder' | 'refund'>;
  /** The acting counter: the claim is its own row. */
  counterId: string;
  /** The refund deadline (EngineTuning.refundSettleMs): a claim stays in doubt at most this long. */
  settleMs: number;
  /** Pauses between Get order reads after a lost answer (EngineTuning.inDoubtRetryDelaysMs). */
  retryDelaysMs: readonly number[];
  sleep: (ms: number) => Promise<void>;
}

/** A payment of another counter, as the store shows it. */
export interface RemotePayment {
  orderId: string;
  currency: Currency;
}

/** Who gives the refund at this counter (null while operators are off). */
export interface RemoteRefundActor {
  operatorId: string | null;
  approverId: string | null;
}

/**
 * - `refunded`: the gateway refunded `amountMinor`; `refundedMinor` is the order's total now.
 * - `in-doubt`: the answer was lost; the claim counts against the order until it settles.
 * - `refused`: nothing was sent (`code` says why: nothing left, store offline, ...), or the
 *   gateway refused it.
 * - `error`: the order could not be read from the gateway; nothing was sent.
 */
export type RemoteRefundResult =
  | { outcome: 'refunded'; amountMinor: number; refundedMinor: number }
  | { outcome: 'in-doubt'; amountMinor: number; claimId: string }
  | { outcome: 'refused' | 'error'; code: string; remainingMinor: number | null };

const refused = (code: string, remainingMinor: number | null = null): RemoteRefundResult => ({
  outcome: 'refused',
  code,
  remainingMinor,
});

/**
 * Refunds a payment another counter made (docs/store.md): read the order from the
 * gateway, claim the amount in the store under the order's lock, then send with the amount
 * always on the wire (a "refund everything" request could give back what another counter
 * claimed meanwhile). Without the store it is refused: other counters' claims are unknown.
 */
export async function refundOtherCounter(
  deps: RemoteRefundDeps,
  payment: RemotePayment,
  amountMinor: number | null,
  actor: RemoteRefundActor = { operatorId: null, approverId: null },
): Promise<RemoteRefundResult> {
  const before = await deps.gateway.getOrder(payment.orderId);
  if (!before.ok) {
    return {
      outcome: 'error',
      code: failureFromGatewayError(before.error, 'refund-refused').code,
      remainingMinor: null,
    };
  }
  const refundable = readRefundable(before.value.order, payment.currency);
  if (!refundable) return refused('attempt-not-refundable');
  let claim;
  try {
    claim = await deps.claims.claim({
      counterId: deps.counterId,
      ...actor,
      order: { orderId: payment.orderId, currency: payment.currency, ...refundable },
      amountMinor,
      settleMs: deps.settleMs,
    });
  } catch {
    return refused('store-offline-other-counter');
  }
  if (!claim.ok) return refused('refund-over-remaining', claim.remainingMinor);

  const answer = await deps.gateway.refund({
    orderId: payment.orderId,
    amount: gatewayAmount(claim.amountMinor, payment.currency),
  });
  const refundedOf = (order: GatewayOrder) =>
    readRefundable(order, payment.currency)?.refundedMinor ?? null;
  // A settlement the store does not take now is taken by the next claim after the deadline.
  const record = (work: Promise<unknown>) => work.catch(() => undefined);

  if (answer.ok) {
    const refundedMinor = refundedOf(answer.value.order) ?? claim.baselineMinor + claim.amountMinor;
    await record(
      deps.claims.settle(claim.claimId, { state: 'done', refundedAfterMinor: refundedMinor }),
    );
    return { outcome: 'refunded', amountMinor: claim.amountMinor, refundedMinor };
  }
  if (definitelyNotDone(answer.error)) {
    await record(
      deps.claims.settle(claim.claimId, { state: 'not-done', refundedAfterMinor: null }),
    );
    return refused(failureFromGatewayError(answer.error, 'refund-refused').code);
  }
  const shows = (order: GatewayOrder) =>
    (refundedOf(order) ?? 0) >= claim.baselineMinor + claim.amountMinor;
  const read = await pollOrder(
    deps.gateway,
    payment.orderId,
    deps.retryDelaysMs,
    deps.sleep,
    shows,
  );
  if (read.ok && shows(read.value)) {
    const refundedMinor = refundedOf(read.value) ?? 0;
    const settled = await deps.claims
      .settleFromOrder(claim.claimId, refundedMinor)
      .catch(() => false);
    if (settled) return { outcome: 'refunded', amountMinor: claim.amountMinor, refundedMinor };
  }
  return { outcome: 'in-doubt', amountMinor: claim.amountMinor, claimId: claim.claimId };
}

/** The gateway said no, or the request cannot have reached it. */
export const definitelyNotDone = (error: GatewayError): boolean =>
  error.kind === 'refused' || (error.kind === 'http' && error.status < 500) || neverLeft(error);
