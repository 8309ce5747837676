import type pg from 'pg';
import type { HoldStanding } from '../../payments/holds/hold-reading';
import type { StoreQueryable } from '../store-pool';
import { settleClaim, type ClaimEnding } from './order-claims';

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
 * Claims a capture or release of a hold through the store's own function
 * (`paydesk_claim_hold`, store step 11), under the order's advisory lock (the same lock as
 * refunds): claims past their deadline settle from the reading first; then one action in
 * doubt on the hold refuses any other, and one done refuses another capture (a capture never
 * takes more than was authorized, even when the reading lags behind it). Throws when the
 * store cannot be reached: the caller refuses, it never guesses.
 */
export async function claimHoldAction(
  pool: StoreQueryable,
  request: HoldClaimRequest,
): Promise<HoldClaim> {
  const { order } = request;
  const result = await pool.query<{ claim_id: string | null; refusal: string | null }>(
    'SELECT * FROM paydesk_claim_hold($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
      request.counterId,
      order.orderId,
      order.currency,
      order.amountMinor,
      request.standing,
      request.kind,
      request.settleMs,
      request.operatorId ?? null,
      request.approverId ?? null,
    ],
  );
  const row = result.rows[0];
  if (row?.claim_id) return { ok: true, claimId: row.claim_id };
  return { ok: false, reason: row?.refusal === 'in-doubt' ? 'in-doubt' : 'not-held' };
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
