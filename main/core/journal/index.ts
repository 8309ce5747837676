import type { Clock } from '../ports';
import type { Journal } from './journal';
import { migrate } from '../platform/migrate';
import { migrations } from './migrations';
import type { FlushTiming } from '../platform/deferred-flush';
import { openDatabase } from '../platform/open-database';
import { createSqliteJournal } from './sqlite-journal';

export type { AttemptPatch, AttemptRecord, Journal, JournalEvent, NewAttempt } from './journal';
export { JournalError } from '../platform/journal-error';
export { outcomeOf } from './attempt-views';
export { attemptStates, allowedTransitions, type AttemptState } from './attempt-state';

/**
 * Opens (creating if needed) the journal file at `path` and brings its schema up to date
 * before anything else touches it. `clock` stamps updates and audit events. Throws a
 * JournalError `journal-from-newer-version` for a file a newer Paydesk wrote.
 */
export function openJournal(options: {
  path: string;
  clock: Clock;
  /** Defaults to this process's platform (tests check the macOS settings elsewhere). */
  platform?: NodeJS.Platform;
  /** When deferred commits are flushed (deferred-flush.ts); tests shorten it. */
  flushTiming?: FlushTiming;
}): Journal {
  const db = openDatabase(options.path, { platform: options.platform });
  try {
    migrate(db, migrations, options.clock.now());
  } catch (error) {
    db.close();
    throw error;
  }
  return createSqliteJournal(db, options.clock, options);
}
