import type pg from 'pg';
import type { Logger } from '../../ports';
import { startStoreRound, type StoreRound } from '../store-round';
import {
  holdEndedElsewhereSchema,
  refundElsewhereSchema,
  type ActionsElsewhere,
  type HoldEndedElsewhere,
  type RefundElsewhere,
} from './claims-protocol';

/**
 * Refunds other counters gave on this counter's payments that its journal does not show yet:
 * done refund claims on the orders of this counter's attempts whose settled refunded total is
 * above what the store has from this counter's journal. Once the journal adopts a total and
 * it replicates, the row no longer qualifies, so the read needs no mark of its own. Claims
 * settled over 30 days ago are not read (the partial index of store step 9 bounds the scan);
 * (readHoldsEndedElsewhere does the same for captures and releases of its holds);
 * a counter away longer still finds such a refund the next time it reads the order.
 * The order-id join goes through the store's lower(order_id) index (store step 2).
 *
 * Every such claim is read, not only the highest per payment: any counter can write a claim
 * marked done, so the main process confirms each with the gateway before its journal takes
 * it (confirm-actions-elsewhere.ts), and a made-up claim must not hide a true one on the same
 * payment. The limit keeps one message bounded however many claims a counter writes.
 */
const ordersOfThisCounter = `store_attempts a
    ON lower(a.order_id) COLLATE "C" = lower(c.order_id) COLLATE "C" AND a.order_id = c.order_id`;

const claimsRead = 500;

const refundsSql = `
  SELECT a.attempt_id, c.claim_id,
    c.refunded_after_minor::float8 AS refunded_minor, c.counter_id, c.operator_id, c.approver_id
  FROM store_claims c JOIN ${ordersOfThisCounter}
  WHERE c.state = 'done' AND c.kind = 'refund-sent'
    AND c.settled_at > now() - interval '30 days'
    AND a.counter_id = $1 AND c.counter_id <> $1
    AND c.refunded_after_minor > a.refunded_minor
  ORDER BY c.settled_at, c.claim_id
  LIMIT ${claimsRead}`;

export async function readRefundsElsewhere(
  db: Pick<pg.Pool, 'query'>,
  counterId: string,
): Promise<RefundElsewhere[]> {
  const result = await db.query(refundsSql, [counterId]);
  return result.rows.map((row: Record<string, unknown>) =>
    refundElsewhereSchema.parse({
      attemptId: row.attempt_id,
      claimId: row.claim_id,
      refundedMinor: row.refunded_minor,
      counterId: row.counter_id,
      operatorId: row.operator_id,
      approverId: row.approver_id,
    }),
  );
}

/**
 * Holds of this counter still held in the store that another counter's done claim ended:
 * every such claim, as for refunds, for the gateway to tell which (if any) is true.
 */
const holdsSql = `
  SELECT a.attempt_id, c.claim_id, c.kind, c.counter_id, c.operator_id, c.approver_id
  FROM store_claims c JOIN ${ordersOfThisCounter}
  WHERE c.state = 'done' AND c.kind IN ('capture-sent', 'release-sent')
    AND c.settled_at > now() - interval '30 days'
    AND a.counter_id = $1 AND c.counter_id <> $1 AND a.status = 'authorized'
  ORDER BY c.settled_at, c.claim_id
  LIMIT ${claimsRead}`;

export async function readHoldsEndedElsewhere(
  db: Pick<pg.Pool, 'query'>,
  counterId: string,
): Promise<HoldEndedElsewhere[]> {
  const result = await db.query(holdsSql, [counterId]);
  return result.rows.map((row: Record<string, unknown>) =>
    holdEndedElsewhereSchema.parse({
      attemptId: row.attempt_id,
      claimId: row.claim_id,
      ending: row.kind === 'capture-sent' ? 'captured' : 'released',
      counterId: row.counter_id,
      operatorId: row.operator_id,
      approverId: row.approver_id,
    }),
  );
}

/**
 * Every `everyMs` while the counter is in store mode: hands what it found to `onFound` (the
 * main process confirms it with the gateway and adopts it into the live journal,
 * claims/confirm-actions-elsewhere.ts). A round that fails (store offline) changes nothing;
 * the next one finds the same.
 */
export function startActionsElsewhere(deps: {
  pool: pg.Pool;
  counterId: string;
  logger: Logger;
  onFound: (found: ActionsElsewhere) => void;
  everyMs?: number;
}): StoreRound {
  return startStoreRound({
    everyMs: deps.everyMs ?? 2_000,
    logger: deps.logger,
    failure: 'actions elsewhere not read',
    async work(stopped) {
      const refunds = await readRefundsElsewhere(deps.pool, deps.counterId);
      const holds = await readHoldsEndedElsewhere(deps.pool, deps.counterId);
      if (refunds.length + holds.length > 0 && !stopped()) deps.onFound({ refunds, holds });
    },
  });
}
