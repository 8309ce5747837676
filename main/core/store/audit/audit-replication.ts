import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { StoreQueryable } from '../store-pool';

/** Rows sent per round: a counter that was offline for long catches up over a few rounds. */
const batchRows = 2_000;

/**
 * Sends this counter's audit rows the store does not have yet, oldest first, as one JSON
 * parameter (docs/store.md, "Audit across counters"). Rows are never changed once written,
 * so "after the highest sequence the store holds" is exactly what is missing. Returns how
 * many rows went.
 */
export async function pushAuditChain(
  pool: pg.Pool,
  db: DatabaseSync,
  counterId: string,
): Promise<number> {
  const stored = await pool.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM store_audit WHERE counter_id = $1',
    [counterId],
  );
  const after = Number(stored.rows[0]?.seq ?? 0);
  const rows = db
    .prepare(
      `SELECT seq, at, event, operator_id, subject, detail, mac FROM audit
       WHERE seq > ? ORDER BY seq LIMIT ?`,
    )
    .all(after, batchRows);
  if (rows.length === 0) return 0;
  await pool.query(
    `INSERT INTO store_audit (counter_id, seq, at, event, operator_id, subject, detail, mac)
     SELECT $1, seq, at, event, operator_id, subject, detail, mac
     FROM jsonb_to_recordset($2::jsonb) AS r(seq bigint, at bigint, event text,
       operator_id text, subject text, detail text, mac text)
     ON CONFLICT (counter_id, seq) DO NOTHING`,
    [counterId, JSON.stringify(rows)],
  );
  return rows.length;
}

export interface StoreAuditChain {
  counterId: string;
  rows: number;
  /** `seq:mac` (mac cut to 16 hex), as AuditTrail.headText; 'none' for an empty chain. */
  head: string;
  /** Sequence numbers missing between 1 and the head: rows removed from the store's copy. */
  missing: number;
}

/**
 * Every registered counter's chain as the store holds it: its head, which the store end of
 * day records, and whether the copy runs unbroken from 1 to that head. The MACs themselves
 * are checked by each counter's Verify with its own key (sealed on that counter).
 */
export async function storeAuditChains(db: StoreQueryable): Promise<StoreAuditChain[]> {
  const result = await db.query<{
    counter_id: string;
    rows: string;
    head_seq: string | null;
    head_mac: string | null;
  }>(
    `SELECT c.counter_id, count(a.seq) AS rows, max(a.seq) AS head_seq,
       (SELECT mac FROM store_audit h WHERE h.counter_id = c.counter_id
        ORDER BY seq DESC LIMIT 1) AS head_mac
     FROM counters c LEFT JOIN store_audit a ON a.counter_id = c.counter_id
     GROUP BY c.counter_id ORDER BY c.counter_id`,
  );
  return result.rows.map((row) => {
    const rows = Number(row.rows);
    const headSeq = row.head_seq === null ? 0 : Number(row.head_seq);
    return {
      counterId: row.counter_id,
      rows,
      head: row.head_mac === null ? 'none' : `${headSeq}:${row.head_mac.slice(0, 16)}`,
      missing: headSeq - rows,
    };
  });
}
