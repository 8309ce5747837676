import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '../../../main/core/journal';
import { manualClock, newAttempt } from '../journal/temp-journal';

// A checkpoint copies the WAL into the database file after syncing it: the attempt's id in
// the main file shows that its deferred commit was flushed, not only written to the WAL.
const inDatabaseFile = (path: string, text: string) => readFileSync(path).includes(text);

let dir: string;
let path: string;
let journal: Journal;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-flush-'));
  path = join(dir, 'journal.sqlite');
  journal = openJournal({ path, clock: manualClock(), flushTiming: { quietMs: 100, maxMs: 400 } });
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const step = { step: 'test', outcome: 'ok' };

describe('deferred commits reach the disk without a money message after them', () => {
  it('once the journal has been quiet for a moment', async () => {
    const attempt = newAttempt();
    journal.atomically(() => {
      journal.createAttempt(attempt, step);
      journal.transition(attempt.attemptId, { state: 'session', sessionId: 's-1' }, step);
    }, 'with-next');
    expect(inDatabaseFile(path, attempt.attemptId)).toBe(false);
    await expect.poll(() => inDatabaseFile(path, attempt.attemptId), { timeout: 2_000 }).toBe(true);
  });

  it('within the longest wait while writes keep coming', async () => {
    const first = newAttempt();
    journal.createAttempt(first, step);
    const started = Date.now();
    let flushedAfter: number | null = null;
    // A write every 40 ms never leaves the journal quiet for 100 ms.
    while (Date.now() - started < 1_500 && flushedAfter === null) {
      journal.createAttempt(newAttempt(), step);
      if (inDatabaseFile(path, first.attemptId)) flushedAfter = Date.now() - started;
      await sleep(40);
    }
    expect(flushedAfter).not.toBeNull();
    expect(flushedAfter).toBeLessThan(1_000);
  });

  it('when the journal closes, with a reader still open (SQLite then leaves the WAL alone)', () => {
    const reader = new DatabaseSync(path, { readOnly: true });
    try {
      reader.prepare('SELECT count(*) FROM attempts').get();
      const attempt = newAttempt();
      journal.createAttempt(attempt, step);
      journal.close();
      expect(inDatabaseFile(path, attempt.attemptId)).toBe(true);
    } finally {
      reader.close();
    }
  });
});

describe('which writes may be deferred', () => {
  it('an answer to a money message joins a deferred write; the message itself never does', () => {
    const attempt = newAttempt();
    journal.createAttempt(attempt, step);
    journal.transition(attempt.attemptId, { state: 'session', sessionId: 's-1' }, step);
    journal.transition(attempt.attemptId, { state: 'initiated', orderId: 'o-1' }, step);
    journal.transition(attempt.attemptId, { state: 'pay-sent', status: 'in-doubt' }, step);
    journal.atomically(
      () => journal.transition(attempt.attemptId, { state: 'paid', status: 'paid' }, step),
      'with-next',
    );
    expect(journal.get(attempt.attemptId)?.state).toBe('paid');
    expect(() =>
      journal.atomically(
        () =>
          journal.transition(attempt.attemptId, { state: 'refund-sent', status: 'in-doubt' }, step),
        'with-next',
      ),
    ).toThrow('refund-sent records money and must reach the disk at once.');
    expect(journal.get(attempt.attemptId)?.state).toBe('paid');
  });
});

describe('the background sync of the WAL', () => {
  // Which files this process holds open, from Linux's /proc (the CI and this machine).
  const openWalDescriptors = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === `${path}-wal`;
      } catch {
        return false;
      }
    }).length;

  it.skipIf(process.platform !== 'linux')(
    'holds the WAL open beside SQLite from the first deferred commit, and lets go on close',
    async () => {
      const sqliteOwn = openWalDescriptors();
      journal.createAttempt(newAttempt(), step);
      expect(openWalDescriptors()).toBe(sqliteOwn + 1);
      // A sync still running when the journal closes keeps its descriptor until it ends.
      journal.close();
      await expect.poll(openWalDescriptors, { timeout: 2_000 }).toBe(0);
    },
  );
});
