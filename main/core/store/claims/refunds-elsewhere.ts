import type pg from 'pg';
import type { Logger } from '../../ports';
import { refundElsewhereSchema, type RefundElsewhere } from './claims-protocol';

/**
 * Refunds other counters gave on this counter's payments that its journal does not show yet:
 * done refund claims on the orders of this counter's attempts whose settled refunded total is
 * above what the store has from this counter's journal. Once the journal adopts a total and
 * it replicates, the row no longer qualifies, so the read needs no mark of its own. Claims
 * settled over 30 days ago are not read (the partial index of store step 9 bounds the scan);
 * a counter away longer still finds such a refund the next time it reads the order.
 * The order-id join goes through the store's lower(order_id) index (store step 2).
 */
const sql = `
  SELECT DISTINCT ON (a.attempt_id) a.attempt_id,
    c.refunded_after_minor::float8 AS refunded_minor, c.counter_id, c.operator_id, c.approver_id
  FROM store_claims c
  JOIN store_attempts a
    ON lower(a.order_id) COLLATE "C" = lower(c.order_id) COLLATE "C" AND a.order_id = c.order_id
  WHERE c.state = 'done' AND c.kind = 'refund-sent'
    AND c.settled_at > now() - interval '30 days'
    AND a.counter_id = $1 AND c.counter_id <> $1
    AND c.refunded_after_minor > a.refunded_minor
  ORDER BY a.attempt_id, c.refunded_after_minor DESC`;

export async function readRefundsElsewhere(
  db: Pick<pg.Pool, 'query'>,
  counterId: string,
): Promise<RefundElsewhere[]> {
  const result = await db.query(sql, [counterId]);
  return result.rows.map((row: Record<string, unknown>) =>
    refundElsewhereSchema.parse({
      attemptId: row.attempt_id,
      refundedMinor: row.refunded_minor,
      counterId: row.counter_id,
      operatorId: row.operator_id,
      approverId: row.approver_id,
    }),
  );
}

export interface RefundsElsewhereLoop {
  stop(): void;
}

/**
 * Every `everyMs` while the counter is in store mode: hands the refunds found to `onFound`
 * (the main process adopts them into the live journal, claims/adopt-refunds.ts). A round that
 * fails (store offline) changes nothing; the next one finds the same refunds.
 */
export function startRefundsElsewhere(deps: {
  pool: pg.Pool;
  counterId: string;
  logger: Logger;
  onFound: (refunds: RefundElsewhere[]) => void;
  everyMs?: number;
}): RefundsElsewhereLoop {
  const everyMs = deps.everyMs ?? 2_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let failing = false;
  const round = async () => {
    try {
      const found = await readRefundsElsewhere(deps.pool, deps.counterId);
      if (found.length > 0 && !stopped) deps.onFound(found);
      failing = false;
    } catch (error) {
      if (!failing) deps.logger.warn('refunds elsewhere not read', { error: String(error) });
      failing = true;
    }
    if (!stopped) timer = setTimeout(() => void round(), everyMs);
  };
  void round();
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
