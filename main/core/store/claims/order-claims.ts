import type pg from 'pg';
import type { StoreQueryable } from '../store-pool';

/** What a claim is for at the gateway (the journal's step names for the same requests). */
export type ClaimKind = 'refund-sent' | 'capture-sent' | 'release-sent';

/** The order as the acting counter just read it from the gateway. */
export interface OrderReadingForClaim {
  orderId: string;
  currency: string;
  capturedMinor: number;
  refundedMinor: number;
}

export interface RefundClaimRequest {
  counterId: string;
  order: OrderReadingForClaim;
  /** null: everything that is left. */
  amountMinor: number | null;
  /** How long a claim may stay in doubt before a gateway that does not show it means not done. */
  settleMs: number;
  /** Who gives the refund at the acting counter, and who approved it (store step 9). */
  operatorId?: string | null;
  approverId?: string | null;
}

export type RefundClaim =
  | { ok: true; claimId: string; amountMinor: number; baselineMinor: number }
  | { ok: false; reason: 'nothing-left' | 'over-remaining'; remainingMinor: number };

export type ClaimEnding = { state: 'done' | 'not-done'; refundedAfterMinor: number | null };

interface ClaimRow {
  claim_id: string | null;
  amount_minor: string | null;
  baseline_minor: string;
  remaining_minor: string;
  refusal: 'nothing-left' | 'over-remaining' | null;
}

/**
 * Claims refunds on an order through the store's own function (`paydesk_claim_refund`, store
 * step 11), under the order's advisory lock: claims past their deadline settle from this
 * reading (done if the gateway shows their baseline plus their amount, not done otherwise);
 * what is left is what the gateway captured, less the highest refunded total anyone saw,
 * less every claim still in doubt. The store sets the claim's state, deadline and baseline:
 * a counter names only the amount and its reading. So counters refunding one order at once
 * never ask the gateway for more than it took, even when answers were lost or a counter died
 * after sending. Throws when the store cannot be reached: the caller refuses, never guesses.
 */
export async function claimRefund(
  pool: StoreQueryable,
  request: RefundClaimRequest,
): Promise<RefundClaim> {
  const { order } = request;
  const result = await pool.query<ClaimRow>(
    'SELECT * FROM paydesk_claim_refund($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      request.counterId,
      order.orderId,
      order.currency,
      order.capturedMinor,
      order.refundedMinor,
      request.amountMinor,
      request.settleMs,
      request.operatorId ?? null,
      request.approverId ?? null,
    ],
  );
  const row = result.rows[0];
  if (!row) throw new Error('the store made no claim and gave no reason');
  if (row.refusal !== null || row.claim_id === null) {
    return {
      ok: false,
      reason: row.refusal ?? 'nothing-left',
      remainingMinor: Number(row.remaining_minor),
    };
  }
  return {
    ok: true,
    claimId: row.claim_id,
    amountMinor: Number(row.amount_minor),
    baselineMinor: Number(row.baseline_minor),
  };
}

/**
 * Records a definitive answer (the gateway refunded, refused, or the request never left) on
 * this counter's own claim, if it is still in doubt: another counter may have settled it
 * after its deadline.
 */
export async function settleClaim(
  pool: StoreQueryable,
  claimId: string,
  ending: ClaimEnding,
): Promise<void> {
  await pool.query('SELECT paydesk_settle_claim($1, $2, $3)', [
    claimId,
    ending.state,
    ending.refundedAfterMinor,
  ]);
}

/**
 * Settles this counter's claim whose answer was lost from a Get order: done when the gateway
 * shows its baseline plus its amount and no other claim could account for the difference
 * (none in doubt, none done since this one was made; those settled when it was made are in
 * its baseline); otherwise it stays in doubt until its deadline. Returns whether it settled.
 */
export async function settleClaimFromOrder(
  pool: StoreQueryable,
  claimId: string,
  refundedMinor: number,
): Promise<boolean> {
  const result = await pool.query<{ settled: boolean }>(
    'SELECT paydesk_settle_claim_from_order($1, $2) AS settled',
    [claimId, refundedMinor],
  );
  return result.rows[0]?.settled === true;
}

/**
 * The claim steps a refund of another counter's payment takes, wherever the store's pool
 * lives: here over a pool (the store thread, tests, the bench), or through the store thread
 * from the main process (store-claims-client.ts).
 */
export interface RefundClaims {
  claim(request: RefundClaimRequest): Promise<RefundClaim>;
  settle(claimId: string, ending: ClaimEnding): Promise<void>;
  settleFromOrder(claimId: string, refundedMinor: number): Promise<boolean>;
}

export const poolRefundClaims = (pool: pg.Pool): RefundClaims => ({
  claim: (request) => claimRefund(pool, request),
  settle: (claimId, ending) => settleClaim(pool, claimId, ending),
  settleFromOrder: (claimId, refundedMinor) => settleClaimFromOrder(pool, claimId, refundedMinor),
});
