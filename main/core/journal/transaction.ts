import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction. IMMEDIATE takes the write lock up front, so a busy
 * file fails (after the busy timeout) before any work rather than half-way. With
 * synchronous=FULL the COMMIT returns only once the WAL is on disk. Inside a transaction
 * already open (Journal.atomically), `work` joins it: one commit, one disk flush for all.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
