import { DatabaseSync } from 'node:sqlite';

/** How long a statement waits for another connection's lock before failing. */
const busyTimeoutMs = 5_000;

/**
 * A connection with the journal's durability settings (DESIGN.md §6): WAL so readers (the
 * history screen, an export) never block the engine's writes; synchronous=FULL so a commit
 * survives power loss, not just a crash; foreign keys on (SQLite's default is off).
 */
export function openDatabase(path: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  const db = new DatabaseSync(path, {
    readOnly: options.readOnly ?? false,
    enableForeignKeyConstraints: true,
    timeout: busyTimeoutMs,
  });
  try {
    if (!options.readOnly) db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
