import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inStoreTransaction } from '../store-pool';

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

/**
 * The order's advisory lock: a 64-bit hash of its id under a prefix of our own, so it cannot
 * meet the migration lock or another application's keys.
 */
export const lockOrderSql =
  "SELECT pg_advisory_xact_lock(hashtextextended('paydesk-claim:' || $1, 0))";

/**
 * Another counter's claim in doubt is settled only once its deadline passed: before it, its
 * request may still land, so it counts against what is left whatever the gateway shows. After
 * it, the reading just taken is final for that claim: done if the gateway shows its baseline
 * plus its amount, not done otherwise. Either way what is left is then the gateway's figure.
 * (The SQL is the store's function `settle_expired_claims`: store step 3, as step 9 redefined
 * it, in store/migrations/.)
 */
const settleSql = 'SELECT settle_expired_claims($1, $2)';

const openSql = `
  SELECT
    coalesce(sum(amount_minor) FILTER (WHERE state = 'in-doubt'), 0)::float8 AS in_doubt,
    coalesce(max(refunded_after_minor) FILTER (WHERE state <> 'in-doubt'), 0)::float8 AS settled
  FROM store_claims WHERE order_id = $1 AND kind = 'refund-sent'`;

/**
 * Claims refunds on an order in one transaction under the order's advisory lock: what is
 * left is what the gateway captured, less the highest refunded total anyone saw, less
 * every claim still in doubt. So counters refunding one order at once never ask the
 * gateway for more than it took, even when answers were lost or a counter died after
 * sending. Throws when the store cannot be reached: the caller refuses, it never guesses.
 */
export async function claimRefund(
  pool: pg.Pool,
  request: RefundClaimRequest,
): Promise<RefundClaim> {
  const { order } = request;
  return inStoreTransaction(pool, async (client): Promise<RefundClaim> => {
    await client.query(lockOrderSql, [order.orderId]);
    await client.query(settleSql, [order.orderId, order.refundedMinor]);
    const open = await client.query<{ in_doubt: number; settled: number }>(openSql, [
      order.orderId,
    ]);
    const inDoubt = Number(open.rows[0]?.in_doubt ?? 0);
    const baselineMinor = Math.max(order.refundedMinor, Number(open.rows[0]?.settled ?? 0));
    const remainingMinor = Math.max(0, order.capturedMinor - baselineMinor - inDoubt);
    const amountMinor = request.amountMinor ?? remainingMinor;
    if (remainingMinor <= 0 || amountMinor > remainingMinor) {
      // Claims settled above are committed all the same: they are settled for everyone.
      return {
        ok: false,
        reason: remainingMinor <= 0 ? 'nothing-left' : 'over-remaining',
        remainingMinor,
      };
    }
    const claimId = randomUUID();
    await client.query(
      `INSERT INTO store_claims (claim_id, order_id, counter_id, kind, amount_minor, currency,
         baseline_minor, settle_after, operator_id, approver_id)
       VALUES ($1, $2, $3, 'refund-sent', $4, $5, $6, now() + make_interval(secs => $7), $8, $9)`,
      [
        claimId,
        order.orderId,
        request.counterId,
        amountMinor,
        order.currency,
        baselineMinor,
        request.settleMs / 1_000,
        request.operatorId ?? null,
        request.approverId ?? null,
      ],
    );
    return { ok: true, claimId, amountMinor, baselineMinor };
  });
}

/**
 * Records a definitive answer (the gateway refunded, refused, or the request never left),
 * if the claim is still in doubt: another counter may have settled it after its deadline.
 */
export async function settleClaim(
  pool: pg.Pool,
  claimId: string,
  ending: ClaimEnding,
): Promise<void> {
  await pool.query(
    `UPDATE store_claims SET state = $2, settled_at = now(), refunded_after_minor = $3
     WHERE claim_id = $1 AND state = 'in-doubt'`,
    [claimId, ending.state, ending.refundedAfterMinor],
  );
}

/**
 * Settles a claim whose answer was lost from a Get order: done when the gateway shows its
 * baseline plus its amount and no other claim could account for the difference (none in
 * doubt, none done since this one was made; those settled in the transaction that made it are
 * in its baseline); otherwise it stays in doubt until its deadline.
 * Returns whether it is now settled.
 */
export async function settleClaimFromOrder(
  pool: pg.Pool,
  claimId: string,
  refundedMinor: number,
): Promise<boolean> {
  const result = await pool.query(
    `UPDATE store_claims AS mine SET state = 'done', settled_at = now(),
       refunded_after_minor = $2
     WHERE mine.claim_id = $1 AND mine.state = 'in-doubt'
       AND mine.baseline_minor + mine.amount_minor <= $2
       AND NOT EXISTS (
         SELECT 1 FROM store_claims other
         WHERE other.order_id = mine.order_id AND other.claim_id <> mine.claim_id
           AND (other.state = 'in-doubt' OR (other.state = 'done'
             AND (other.claimed_at >= mine.claimed_at OR other.settled_at > mine.claimed_at))))`,
    [claimId, refundedMinor],
  );
  return result.rowCount === 1;
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
