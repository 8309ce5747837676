import type { DatabaseSync } from 'node:sqlite';
import { openDatabase } from '../journal/open-database';
import { inTransaction } from '../journal/transaction';
import { attemptPayload, eventPayload, ledgerPayload } from '../journal/store-outbox-sql';

export interface OutboxRecord {
  outboxId: number;
  kind: string;
  recordId: string;
  payload: string;
}

/**
 * The journal's outbox, read through its own connection (WAL: it never blocks the engine's
 * writes for longer than a delete of sent rows). Rows leave only after PostgreSQL committed
 * them, so a crash anywhere sends them again, which the store ignores.
 */
export interface Outbox {
  /** The oldest `limit` records, in the order they were written. */
  pending(limit: number): OutboxRecord[];
  /** Removes every record up to and including `outboxId` (sent and committed). */
  acknowledge(outboxId: number): void;
  waiting(): number;
  /** The counter this journal replicates as, or null while store mode is off. */
  counterId(): string | null;
  /**
   * Makes this journal replicate as `counterId`: from this transaction on the triggers fill
   * the outbox, and every record written before goes out first, in journal order. Re-running
   * with the same counter does nothing; a journal never changes counter (its records are
   * that counter's in the store).
   */
  join(counterId: string, now: number): void;
  close(): void;
}

export class StoreMembershipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreMembershipError';
  }
}

function joinStore(db: DatabaseSync, counterId: string, now: number): void {
  inTransaction(db, () => {
    const row = db.prepare('SELECT counter_id FROM store_replication').get() as
      { counter_id: string } | undefined;
    if (row !== undefined) {
      if (row.counter_id === counterId) return;
      throw new StoreMembershipError(
        `This journal already replicates as counter ${row.counter_id}.`,
      );
    }
    db.prepare('INSERT INTO store_replication (only_row, counter_id, since) VALUES (1, ?, ?)').run(
      counterId,
      now,
    );
    db.exec(`INSERT INTO store_outbox (kind, record_id, payload)
      SELECT 'attempt', NEW.attempt_id, ${attemptPayload} FROM attempts AS NEW
      ORDER BY NEW.created_at, NEW.attempt_id`);
    db.exec(`INSERT INTO store_outbox (kind, record_id, payload)
      SELECT 'event', CAST(NEW.event_id AS TEXT), ${eventPayload} FROM events AS NEW
      ORDER BY NEW.event_id`);
    db.exec(`INSERT INTO store_outbox (kind, record_id, payload)
      SELECT 'ledger', CAST(NEW.entry_id AS TEXT), ${ledgerPayload} FROM ledger AS NEW
      ORDER BY NEW.entry_id`);
  });
}

/** Opens the outbox of the (already migrated) journal file at `path`. */
export function openOutbox(path: string): Outbox {
  const db = openDatabase(path);
  const pendingStatement = db.prepare(
    'SELECT outbox_id, kind, record_id, payload FROM store_outbox ORDER BY outbox_id LIMIT ?',
  );
  const deleteStatement = db.prepare('DELETE FROM store_outbox WHERE outbox_id <= ?');
  const countStatement = db.prepare('SELECT count(*) AS n FROM store_outbox');
  const counterStatement = db.prepare('SELECT counter_id FROM store_replication');
  return {
    pending: (limit) =>
      pendingStatement.all(limit).map((row) => ({
        outboxId: Number(row.outbox_id),
        kind: String(row.kind),
        recordId: String(row.record_id),
        payload: String(row.payload),
      })),
    acknowledge: (outboxId) => {
      deleteStatement.run(outboxId);
    },
    waiting: () => Number((countStatement.get() as { n: number }).n),
    counterId: () => {
      const row = counterStatement.get() as { counter_id: string } | undefined;
      return row?.counter_id ?? null;
    },
    join: (counterId, now) => joinStore(db, counterId, now),
    close: () => {
      if (db.isOpen) db.close();
    },
  };
}
