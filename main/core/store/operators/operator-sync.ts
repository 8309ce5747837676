import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import type { OperatorRecord } from '../../operators/operator-store';
import { createSqliteOperatorStore } from '../../operators/sqlite-operator-store';
import { keepStoreAccount } from '../../operators/store-copy';
import { accountColumns, accountOfRow, type StoreAccount } from './store-sign-in';

export interface OperatorSyncResult {
  /** Operators whose copy here changed. */
  pulled: number;
  /** Reports of tries counted here, and operators brought to a store that had none. */
  pushed: number;
}

const sameCopy = (a: OperatorRecord | null, b: OperatorRecord | null) =>
  a !== null &&
  b !== null &&
  (Object.keys(a) as (keyof OperatorRecord)[]).every((key) => a[key] === b[key]);

/**
 * The store thread's round over operators (docs/store.md, "Shared operators"). The store's
 * accounts are the truth; a counter only reports and copies:
 * - wrong tries counted here while the store was offline go to the store as a difference
 *   (the count it showed when this counter last agreed with it), which only adds;
 * - the first counter of a store without operators brings its own (their secrets as this
 *   counter hashed them, which the store takes once and then replaces with its own);
 * - every account is copied here (store-copy.ts): a secret set anew anywhere drops the copy
 *   of it kept here for signing in offline;
 * - an operator of this counter the store does not know is switched off here: in a store,
 *   operators are the store's.
 * Throws when the store cannot be reached; the counter then goes on with its copy.
 */
export async function syncOperators(
  pool: pg.Pool,
  db: DatabaseSync,
  counterId: string,
): Promise<OperatorSyncResult> {
  const local = createSqliteOperatorStore(db);
  const read = local.all();
  let pushed = 0;
  for (const record of read) {
    const mark = local.syncMark(record.operatorId);
    const since = mark === null ? 0 : record.failures - mark.failures;
    if (since <= 0) continue;
    await pool.query('SELECT paydesk_report_failures($1, $2, $3)', [
      counterId,
      record.operatorId,
      since,
    ]);
    pushed += 1;
  }
  let accounts = await storeAccounts(pool);
  if (accounts.length === 0 && read.some((record) => record.secretHash !== '')) {
    const brought = await pool.query<{ added: number }>(
      'SELECT paydesk_first_operators($1, $2) AS added',
      [counterId, JSON.stringify(read.map(firstOperatorOf))],
    );
    pushed += Number(brought.rows[0]?.added ?? 0);
    accounts = await storeAccounts(pool);
  }
  return { pulled: copyHere(db, read, accounts), pushed };
}

async function storeAccounts(pool: pg.Pool): Promise<StoreAccount[]> {
  const result = await pool.query(`SELECT ${accountColumns} FROM store_operators`);
  return result.rows.map(accountOfRow);
}

const firstOperatorOf = (record: OperatorRecord) => ({
  operator_id: record.operatorId,
  display_name: record.displayName,
  role: record.role,
  credential: record.credential,
  secret_hash: record.secretHash,
  disabled: record.disabled,
});

/**
 * Copies the store's accounts here in one SQLite transaction. Tries typed here since `read`
 * (the store was offline for them) stay on top of the store's count, to be reported next.
 */
function copyHere(db: DatabaseSync, read: OperatorRecord[], accounts: StoreAccount[]): number {
  const local = createSqliteOperatorStore(db);
  const before = new Map(read.map((record) => [record.operatorId.toLowerCase(), record]));
  const known = new Set(accounts.map((account) => account.operatorId.toLowerCase()));
  let pulled = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const account of accounts) {
      const was = local.get(account.operatorId);
      const readThen = before.get(account.operatorId.toLowerCase());
      const since = was && readThen ? Math.max(0, was.failures - readThen.failures) : 0;
      const kept = keepStoreAccount(local, account);
      if (since > 0) local.update(kept.operatorId, { failures: kept.failures + since });
      if (!sameCopy(was, local.get(account.operatorId))) pulled += 1;
    }
    if (accounts.length > 0) {
      for (const record of local.all()) {
        if (known.has(record.operatorId.toLowerCase()) || record.disabled) continue;
        local.update(record.operatorId, { disabled: true });
        pulled += 1;
      }
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return pulled;
}
