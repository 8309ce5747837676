import type { DatabaseSync } from 'node:sqlite';
import { noteDeferredCommit } from './deferred-flush';

/**
 * When a commit reaches the disk. `now`: the COMMIT returns only once the WAL is on disk
 * (synchronous=FULL), for every write that records a money message about to leave (Pay, a
 * refund, a capture, a release). `with-next`: synchronous=NORMAL, for every other write: those
 * before any money message (a session, Initiate, Authenticate Payer, a card check) and the
 * answers to one, which the gateway can give again (Get order) because the message's own
 * record is on disk. The WAL is one file written in order, so the next `now` commit flushes
 * them too, and so does the checkpoint run once the journal is quiet (deferred-flush.ts); a
 * power cut before either can lose only a tail of them, never a record that a money message
 * was sent: an answer lost that way leaves its attempt in doubt, and reconciliation reads it
 * back. A process crash loses neither: the OS holds the written WAL.
 */
export type Durability = 'now' | 'with-next';

/**
 * Runs `work` in one write transaction. IMMEDIATE takes the write lock up front, so a busy
 * file fails (after the busy timeout) before any work rather than half-way. Inside a
 * transaction already open (Journal.atomically), `work` joins it: one commit, one disk flush
 * for all, at the outer transaction's durability.
 */
export function inTransaction<T>(
  db: DatabaseSync,
  work: () => T,
  durability: Durability = 'now',
): T {
  if (db.isTransaction) return work();
  const deferred = durability === 'with-next';
  // SQLite refuses to change the safety level inside a transaction: it is set around one, in
  // the same call into SQLite as BEGIN and COMMIT (each call costs more than the pragma).
  let restored = !deferred;
  try {
    db.exec(deferred ? 'PRAGMA synchronous = NORMAL; BEGIN IMMEDIATE' : 'BEGIN IMMEDIATE');
    const result = work();
    db.exec(deferred ? 'COMMIT; PRAGMA synchronous = FULL' : 'COMMIT');
    restored = true;
    if (deferred) noteDeferredCommit(db);
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    if (!restored) db.exec('PRAGMA synchronous = FULL');
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
