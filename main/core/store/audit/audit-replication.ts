import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';

/** Rows sent per round: a counter that was offline for long catches up over a few rounds. */
const batchRows = 2_000;

/**
 * Sends this counter's audit rows the store does not have yet, oldest first, as one JSON
 * parameter (docs/store.md, "Audit across counters"), with each row's signature. Rows are
 * never changed once written, so "after the highest sequence the store holds" is exactly
 * what is missing. Returns how many rows went.
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
      `SELECT seq, at, event, operator_id, subject, detail, mac, sig FROM audit
       WHERE seq > ? ORDER BY seq LIMIT ?`,
    )
    .all(after, batchRows);
  if (rows.length === 0) return 0;
  await pool.query(
    `INSERT INTO store_audit (counter_id, seq, at, event, operator_id, subject, detail, mac, sig)
     SELECT $1, seq, at, event, operator_id, subject, detail, mac, sig
     FROM jsonb_to_recordset($2::jsonb) AS r(seq bigint, at bigint, event text,
       operator_id text, subject text, detail text, mac text, sig text)
     ON CONFLICT (counter_id, seq) DO NOTHING`,
    [counterId, JSON.stringify(rows)],
  );
  return rows.length;
}
