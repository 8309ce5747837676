import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction. IMMEDIATE takes the write lock up front, so a busy
 * file fails (after the busy timeout) before any work rather than half-way. With
 * synchronous=FULL the COMMIT returns only once the WAL is on disk.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
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

/**
 * Runs async `work` in one read transaction: under WAL every read in it sees the file as of
 * the first, however long `work` takes and whatever the writer commits meanwhile.
 */
export async function inReadSnapshot<T>(db: DatabaseSync, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN');
  try {
    return await work();
  } finally {
    if (db.isTransaction) db.exec('COMMIT');
  }
}
