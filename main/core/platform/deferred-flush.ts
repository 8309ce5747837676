import { closeSync, fdatasync, openSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';

/** How long the journal must be quiet before it is checkpointed, and the longest wait. */
export interface FlushTiming {
  quietMs: number;
  maxMs: number;
}

export const defaultFlushTiming: FlushTiming = { quietMs: 1_000, maxMs: 5_000 };

// One flusher per writing connection: every writer of the file (attempts, card checks) commits
// through `inTransaction`, which only knows the connection.
const flushers = new WeakMap<DatabaseSync, () => void>();

/** Called by `inTransaction` after a `with-next` commit on `db`. */
export function noteDeferredCommit(db: DatabaseSync): void {
  flushers.get(db)?.();
}

/**
 * Syncs the WAL file off the main thread (libuv's pool; on macOS libuv's fsync is
 * F_FULLFSYNC, like `fullfsync`), one sync at a time, another one queued if commits arrive
 * while it runs. A sync flushes every frame written before it, whoever wrote them: the WAL is
 * one file written in order. Null when the WAL cannot be opened (the quiet checkpoint then
 * does the flushing alone).
 */
function backgroundWalSync(walPath: string) {
  let fd: number;
  try {
    fd = openSync(walPath, 'r+');
  } catch {
    return null;
  }
  let running = false;
  let queued = false;
  let closing = false;
  const run = () => {
    running = true;
    queued = false;
    fdatasync(fd, () => {
      running = false;
      // An error leaves the frames to the next sync, the next FULL commit or the checkpoint.
      if (closing) closeSync(fd);
      else if (queued) run();
    });
  };
  return {
    request: () => {
      if (closing) return;
      if (running) queued = true;
      else run();
    },
    // The descriptor is closed only once no sync uses it: a reused number must not be synced.
    close: () => {
      if (closing) return;
      closing = true;
      if (!running) closeSync(fd);
    },
  };
}

/**
 * Flushes `with-next` commits (Durability) to the disk soon after they are written, without a
 * money message after them and without blocking the main process: each one asks for a sync of
 * the WAL in the background (so a `now` commit that follows, like `pay-sent`, has only its own
 * frames left to flush), and once the journal has been quiet for `quietMs` (at most `maxMs`
 * after the first deferred commit) a PASSIVE checkpoint runs: SQLite syncs the WAL before
 * copying it into the database, and copying it between sales keeps SQLite's own checkpoint
 * (run inside whichever commit crosses 1,000 pages) out of a sale's path. A checkpoint a
 * reader held back (its snapshot predates the last frames) is tried again.
 * `flushNow` is for a clean close.
 */
export function flushDeferredWhenQuiet(
  db: DatabaseSync,
  walPath: string,
  timing: FlushTiming = defaultFlushTiming,
): { flushNow(): void; stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let firstDeferredAt: number | null = null;
  let lastDeferredAt = 0;
  let walSync: ReturnType<typeof backgroundWalSync> | undefined;

  const flushNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!db.isOpen || firstDeferredAt === null) return;
    try {
      const { log, checkpointed } = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as {
        log: number;
        checkpointed: number;
      };
      if (checkpointed >= log) {
        firstDeferredAt = null;
        return;
      }
    } catch {
      // Busy or closing: the next commit, the next try or SQLite's own checkpoint flushes it.
    }
    schedule(timing.quietMs);
  };

  const schedule = (delayMs: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(whenDue, delayMs);
    // A pending checkpoint never keeps the process alive: closing the journal runs it.
    timer.unref();
  };

  /** The timer is set once per quiet spell, not per commit: commits only note their time. */
  const whenDue = () => {
    timer = null;
    if (firstDeferredAt === null) return;
    const now = Date.now();
    const due = Math.min(lastDeferredAt + timing.quietMs, firstDeferredAt + timing.maxMs);
    if (now >= due) flushNow();
    else schedule(due - now);
  };

  flushers.set(db, () => {
    // The WAL exists from the first write on; opened once.
    if (walSync === undefined) walSync = backgroundWalSync(walPath);
    walSync?.request();
    lastDeferredAt = Date.now();
    firstDeferredAt ??= lastDeferredAt;
    if (timer === null) schedule(timing.quietMs);
  });

  return {
    flushNow,
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      walSync?.close();
      flushers.delete(db);
    },
  };
}
