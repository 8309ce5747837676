import { DatabaseSync } from 'node:sqlite';

/** How long a statement waits for another connection's lock before failing. */
export const busyTimeoutMs = 5_000;

/**
 * A connection with the journal's durability settings (DESIGN.md §6): WAL so readers (the
 * history screen, an export) never block the engine's writes; synchronous=FULL so a commit
 * survives power loss, not just a crash; foreign keys on (SQLite's default is off). On macOS
 * fsync only reaches the drive's cache: F_FULLFSYNC (`fullfsync`, and `checkpoint_fullfsync`
 * for WAL checkpoints) is what makes "written, then Pay sent" hold through a power cut.
 */
export function openDatabase(
  path: string,
  options: { readOnly?: boolean; platform?: NodeJS.Platform } = {},
): DatabaseSync {
  const db = new DatabaseSync(path, {
    readOnly: options.readOnly ?? false,
    enableForeignKeyConstraints: true,
    timeout: busyTimeoutMs,
  });
  try {
    if (!options.readOnly) db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    if ((options.platform ?? process.platform) === 'darwin') {
      db.exec('PRAGMA fullfsync = ON');
      db.exec('PRAGMA checkpoint_fullfsync = ON');
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
