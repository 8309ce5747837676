import type { DatabaseSync } from 'node:sqlite';
import { busyTimeoutMs, openDatabase } from '../platform/open-database';
import { inTransaction } from '../platform/transaction';
import {
  attemptPayload,
  eventPayload,
  ledgerPayload,
} from '../journal/migrations/step-11-store-outbox';
import {
  backfillSql,
  linkEventSource,
  shiftSource,
  zReportSource,
  type OutboxSource,
} from '../journal/migrations/step-14-links-shifts-z-reports-in-outbox';
import { linkHoldSource } from '../journal/migrations/step-15-link-holds-in-outbox';

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
  /** The oldest `limit` records after `afterId`, in the order they were written. */
  pending(afterId: number, limit: number): OutboxRecord[];
  /**
   * Removes every record up to and including `outboxId` (sent and committed), if the journal
   * is free right now: this is clean-up, never worth making the replication wait for the
   * cashier's writes. False when it was busy (the next call removes them).
   */
  acknowledge(outboxId: number): boolean;
  /** Records after `afterId` (all of them by default). */
  waiting(afterId?: number): number;
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

/**
 * What joining a store queues besides attempts, events and the ledger, in this order: each
 * source as the journal's triggers send it now (the link with its hold, since journal step 15).
 */
const joinSources: readonly OutboxSource[] = [
  linkHoldSource,
  linkEventSource,
  shiftSource,
  zReportSource,
];

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
    for (const source of joinSources) db.exec(backfillSql(source));
  });
}

/** Opens the outbox of the (already migrated) journal file at `path`. */
export function openOutbox(path: string): Outbox {
  const db = openDatabase(path);
  const pendingStatement = db.prepare(
    `SELECT outbox_id, kind, record_id, payload FROM store_outbox WHERE outbox_id > ?
     ORDER BY outbox_id LIMIT ?`,
  );
  const deleteStatement = db.prepare('DELETE FROM store_outbox WHERE outbox_id <= ?');
  const countStatement = db.prepare('SELECT count(*) AS n FROM store_outbox WHERE outbox_id > ?');
  const counterStatement = db.prepare('SELECT counter_id FROM store_replication');
  return {
    pending: (afterId, limit) =>
      pendingStatement.all(afterId, limit).map((row) => ({
        outboxId: Number(row.outbox_id),
        kind: String(row.kind),
        recordId: String(row.record_id),
        payload: String(row.payload),
      })),
    acknowledge: (outboxId) => {
      // No busy wait here (see the interface): a locked journal just means "later".
      db.exec('PRAGMA busy_timeout = 0');
      try {
        deleteStatement.run(outboxId);
        return true;
      } catch (error) {
        if (error instanceof Error && /locked|busy/i.test(error.message)) return false;
        throw error;
      } finally {
        db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
      }
    },
    waiting: (afterId = 0) => Number((countStatement.get(afterId) as { n: number }).n),
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
