import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { z } from 'zod';
import { lockoutPolicy } from '../../operators/lockout';
import type { OperatorRecord } from '../../operators/operator-store';
import { operatorRowSchema } from '../../operators/operator-row';
import { createSqliteOperatorStore } from '../../operators/sqlite-operator-store';
import { inStoreTransaction } from '../store-pool';

const storeRowSchema = operatorRowSchema({
  flag: z.boolean(),
  count: z.number().int().min(0),
  time: z.coerce.number().int(),
});

const markSchema = z.object({ failures: z.number().int(), updated_at: z.number().int() });
type Mark = { failures: number; updatedAt: number };

/** A constant of our own for "merging operators now" (the claims use hashed order ids). */
const operatorsLockKey = 0x5044_4f50;

const later = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * One operator as both sides agree after a merge:
 * - the account (name, role, secret, disabled, and a lock an admin set or lifted) is the side
 *   changed last (`updatedAt`; a wrong try does not change it);
 * - failed tries: the store's count plus what this counter added (or cleared) since it last
 *   synced, so tries counted offline are neither lost nor counted twice;
 * - a lock this counter's own tries set since then stands too, and enough merged failures
 *   lock at once, as a fifth try on one counter would.
 */
export function mergeOperator(
  local: OperatorRecord,
  shared: OperatorRecord,
  mark: Mark | null,
  now: number,
): OperatorRecord {
  const localNewer = local.updatedAt > shared.updatedAt;
  const account = localNewer ? local : shared;
  const since = local.failures - (mark?.failures ?? shared.failures);
  const failures = Math.max(0, shared.failures + since);
  let lockedUntil = since > 0 ? later(account.lockedUntil, local.lockedUntil) : account.lockedUntil;
  if (failures >= lockoutPolicy.maxFailures && (lockedUntil === null || lockedUntil <= now)) {
    lockedUntil = now + lockoutPolicy.lockMs;
  }
  return { ...account, operatorId: shared.operatorId, failures, lockedUntil };
}

export interface OperatorSyncResult {
  pulled: number;
  pushed: number;
}

/**
 * Merges this counter's operators (security.sqlite) with the store's, both ways, in one
 * PostgreSQL transaction under an advisory lock (two counters merging at once take turns).
 * The local copy is written only after the store committed: a sync cut off midway leaves
 * this counter as it was, and the next one merges again. Throws when the store cannot be
 * reached; the counter then goes on with what it last synced.
 */
export async function syncOperators(
  pool: pg.Pool,
  db: DatabaseSync,
  counterId: string,
  now: number,
): Promise<OperatorSyncResult> {
  const local = createSqliteOperatorStore(db);
  const marks = new Map<string, Mark>();
  for (const row of db.prepare('SELECT * FROM operator_sync').all()) {
    const mark = markSchema.parse(row);
    marks.set(String(row.operator_id).toLowerCase(), {
      failures: mark.failures,
      updatedAt: mark.updated_at,
    });
  }
  const seen = new Map(local.all().map((record) => [record.operatorId.toLowerCase(), record]));
  const merged = new Map<string, OperatorRecord>();
  let pushed = 0;
  await inStoreTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [operatorsLockKey]);
    const rows = await client.query('SELECT * FROM store_operators');
    const shared = new Map(
      rows.rows.map((row) => {
        const record = storeRowSchema.parse(row);
        return [record.operatorId.toLowerCase(), record] as const;
      }),
    );
    for (const [key, record] of seen) {
      const theirs = shared.get(key);
      merged.set(key, theirs ? mergeOperator(record, theirs, marks.get(key) ?? null, now) : record);
    }
    for (const [key, theirs] of shared) if (!seen.has(key)) merged.set(key, theirs);
    for (const [key, record] of merged) {
      const theirs = shared.get(key);
      if (theirs && sameRecord(theirs, record)) continue;
      pushed += 1;
      await client.query(
        `INSERT INTO store_operators (operator_key, operator_id, display_name, role, credential,
           secret_hash, disabled, failures, locked_until, created_at, updated_at, counter_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (operator_key) DO UPDATE SET display_name = EXCLUDED.display_name,
           role = EXCLUDED.role, credential = EXCLUDED.credential,
           secret_hash = EXCLUDED.secret_hash, disabled = EXCLUDED.disabled,
           failures = EXCLUDED.failures, locked_until = EXCLUDED.locked_until,
           updated_at = EXCLUDED.updated_at, counter_id = EXCLUDED.counter_id`,
        [
          key,
          record.operatorId,
          record.displayName,
          record.role,
          record.credential,
          record.secretHash,
          record.disabled,
          record.failures,
          record.lockedUntil,
          record.createdAt,
          record.updatedAt,
          counterId,
        ],
      );
    }
  });
  return { pulled: writeLocal(db, seen, merged), pushed };
}

const sameRecord = (a: OperatorRecord, b: OperatorRecord) =>
  (Object.keys(a) as (keyof OperatorRecord)[]).every((key) => a[key] === b[key]);

/**
 * Writes the merge into security.sqlite in one transaction. Tries typed here while the
 * store answered are kept: the difference from what was read is added on top.
 */
function writeLocal(
  db: DatabaseSync,
  read: Map<string, OperatorRecord>,
  merged: Map<string, OperatorRecord>,
): number {
  const local = createSqliteOperatorStore(db);
  const mark = db.prepare(
    `INSERT INTO operator_sync (operator_id, failures, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (operator_id) DO UPDATE SET failures = excluded.failures,
       updated_at = excluded.updated_at`,
  );
  let pulled = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const [key, record] of merged) {
      const before = read.get(key);
      const now = local.get(record.operatorId);
      if (now === null) {
        local.insert(record);
        pulled += 1;
      } else {
        const since = before ? now.failures - before.failures : 0;
        const { operatorId: _id, ...fields } = record;
        if (!sameRecord(now, record) || since !== 0) pulled += 1;
        local.update(now.operatorId, { ...fields, failures: Math.max(0, record.failures + since) });
      }
      mark.run(record.operatorId, record.failures, record.updatedAt);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return pulled;
}
