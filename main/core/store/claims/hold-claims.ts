import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { HoldStanding } from '../../payments/holds/hold-reading';
import { inStoreTransaction } from '../store-pool';
import { lockOrderSql, settleClaim, type ClaimEnding } from './order-claims';

/** A capture or release of a hold, as the claims table names the request. */
export type HoldClaimKind = 'capture-sent' | 'release-sent';

export interface HoldClaimRequest {
  counterId: string;
  /** The held order; `amountMinor` is what was authorized (a capture takes it in full). */
  order: { orderId: string; currency: string; amountMinor: number };
  /** The hold's standing as the acting counter just read it from the gateway. */
  standing: HoldStanding;
  kind: HoldClaimKind;
  settleMs: number;
  operatorId?: string | null;
  approverId?: string | null;
}

/**
 * - `in-doubt`: a capture or release of this hold (any counter's) has no answer yet: another
 *   action now could meet it at the gateway (a release after a capture that landed would give
 *   the taken money back), so none is sent until it settles.
 * - `not-held`: the gateway, or a settled claim the gateway may not show yet, says the hold
 *   was already captured or given back.
 */
export type HoldClaim =
  { ok: true; claimId: string } | { ok: false; reason: 'in-doubt' | 'not-held' };

/**
 * Claims a capture or release of a hold under the order's advisory lock (the same lock as
 * refunds): claims past their deadline settle from the reading first; then one action in
 * doubt on the hold refuses any other, and one done refuses another capture (a capture never
 * takes more than was authorized, even when the reading lags behind it). Throws when the
 * store cannot be reached: the caller refuses, it never guesses.
 */
export async function claimHoldAction(
  pool: pg.Pool,
  request: HoldClaimRequest,
): Promise<HoldClaim> {
  const { order } = request;
  return inStoreTransaction(pool, async (client): Promise<HoldClaim> => {
    await client.query(lockOrderSql, [order.orderId]);
    await client.query('SELECT settle_expired_hold_claims($1, $2)', [
      order.orderId,
      request.standing,
    ]);
    const open = await client.query<{ in_doubt: number; done: number }>(
      `SELECT count(*) FILTER (WHERE state = 'in-doubt')::int AS in_doubt,
         count(*) FILTER (WHERE state = 'done')::int AS done
       FROM store_claims WHERE order_id = $1 AND kind IN ('capture-sent', 'release-sent')`,
      [order.orderId],
    );
    if (Number(open.rows[0]?.in_doubt ?? 0) > 0) return { ok: false, reason: 'in-doubt' };
    if (request.standing !== 'held' || Number(open.rows[0]?.done ?? 0) > 0) {
      return { ok: false, reason: 'not-held' };
    }
    const claimId = randomUUID();
    await client.query(
      `INSERT INTO store_claims (claim_id, order_id, counter_id, kind, amount_minor, currency,
         baseline_minor, settle_after, operator_id, approver_id)
       VALUES ($1, $2, $3, $4, $5, $6, 0, now() + make_interval(secs => $7), $8, $9)`,
      [
        claimId,
        order.orderId,
        request.counterId,
        request.kind,
        order.amountMinor,
        order.currency,
        request.settleMs / 1_000,
        request.operatorId ?? null,
        request.approverId ?? null,
      ],
    );
    return { ok: true, claimId };
  });
}

/** The hold claim steps, wherever the pool lives (see RefundClaims). */
export interface HoldClaims {
  claim(request: HoldClaimRequest): Promise<HoldClaim>;
  /** A hold claim settles done or not done; it carries no refunded total. */
  settle(claimId: string, ending: ClaimEnding): Promise<void>;
}

export const poolHoldClaims = (pool: pg.Pool): HoldClaims => ({
  claim: (request) => claimHoldAction(pool, request),
  settle: (claimId, ending) => settleClaim(pool, claimId, ending),
});
