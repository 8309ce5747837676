import type pg from 'pg';
import type { OutboxRecord } from './outbox';
import { recordKinds } from './record-kinds';

/** Channel other counters LISTEN on; the payload is the counter that wrote. */
export const storeChannel = 'paydesk_store';

export class UnknownRecordKindError extends Error {
  constructor(kind: string) {
    super(`No store table for outbox records of kind "${kind}".`);
    this.name = 'UnknownRecordKindError';
  }
}

/**
 * Groups a batch by kind; for mutable kinds keeps only each record's newest version (a
 * whole-row snapshot supersedes older ones, and one INSERT .. ON CONFLICT may touch a row
 * once). Payloads gain their `version`, the outbox id.
 */
export function batchByKind(records: readonly OutboxRecord[]): Map<string, object[]> {
  const byKind = new Map<string, Map<string, object>>();
  for (const record of records) {
    const kind = recordKinds.find((candidate) => candidate.kind === record.kind);
    if (kind === undefined) throw new UnknownRecordKindError(record.kind);
    const rows = byKind.get(record.kind) ?? new Map<string, object>();
    byKind.set(record.kind, rows);
    const payload = { ...(JSON.parse(record.payload) as object), version: record.outboxId };
    // Outbox order is version order: a later record replaces an earlier one of the same id.
    const key = kind.latestOnly ? record.recordId : String(record.outboxId);
    rows.delete(key);
    rows.set(key, payload);
  }
  return new Map([...byKind].map(([kind, rows]) => [kind, [...rows.values()]]));
}

/**
 * Sends one batch in one PostgreSQL transaction, with a NOTIFY that is delivered only if it
 * commits. Parameterised throughout: the records travel as one JSON parameter.
 */
export async function pushBatch(
  pool: pg.Pool,
  counterId: string,
  records: readonly OutboxRecord[],
): Promise<void> {
  const byKind = batchByKind(records);
  const client = await pool.connect();
  let broken = false;
  // A connection cut while checked out emits 'error' on the client as well as failing the
  // query; the query's rejection is what we act on, so the event must not go unheard.
  const onError = () => {
    broken = true;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    // Through the store's functions (store step 13): a counter's role may only read the
    // tables, so it cannot lock them against the other counters.
    for (const kind of recordKinds) {
      const rows = byKind.get(kind.kind);
      if (rows !== undefined) {
        await client.query('SELECT paydesk_push($1, $2, $3)', [
          counterId,
          kind.kind,
          JSON.stringify(rows),
        ]);
      }
    }
    await client.query('SELECT paydesk_heartbeat($1)', [counterId]);
    await client.query('SELECT pg_notify($1, $2)', [storeChannel, counterId]);
    await client.query('COMMIT');
  } catch (error) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', onError);
    // A connection that failed mid-transaction may be dead: do not hand it out again.
    client.release(broken);
  }
}
