import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './transaction';
import { JournalError } from './journal-error';

/** One numbered step of a database's schema; never edited once released. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const ledger = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`;

/** Versions recorded in the file, lowest first. */
export function appliedVersions(db: DatabaseSync): number[] {
  db.exec(ledger);
  return db
    .prepare('SELECT version FROM schema_migrations ORDER BY version')
    .all()
    .map((row) => Number(row.version));
}

/**
 * Brings the file up to the last of `steps`, all pending steps in one transaction: a crash
 * or a failing step leaves the file exactly as it was. A file that records a version this
 * build does not know was written by a newer Paydesk; opening it could corrupt it, so refuse.
 */
export function migrate(db: DatabaseSync, steps: readonly Migration[], now: number): void {
  const applied = appliedVersions(db);
  const known = new Set(steps.map((step) => step.version));
  const unknown = applied.filter((version) => !known.has(version));
  if (unknown.length > 0) {
    throw new JournalError(
      'journal-from-newer-version',
      `The journal was written by a newer Paydesk (schema ${Math.max(...unknown)}).`,
    );
  }
  const pending = steps.filter((step) => !applied.includes(step.version));
  if (pending.length === 0) return;
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  let running: Migration | null = null;
  try {
    inTransaction(db, () => {
      for (const step of pending) {
        running = step;
        db.exec(step.sql);
        record.run(step.version, step.name, now);
      }
    });
  } catch (error) {
    // Rolled back whole: the file is as the previous version left it. The start stops here,
    // saying which step failed (the log and the start-up box carry it for support).
    const step = running as Migration | null;
    throw new JournalError(
      'journal-migration-failed',
      `Schema step ${step ? `${step.version} (${step.name})` : '?'} failed and was rolled back: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  }
}
