import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/core/journal';
import { openDatabase } from '../../../main/core/platform/open-database';
import { inTransaction } from '../../../main/core/platform/transaction';
import { newAttempt } from './temp-journal';

const child = fileURLToPath(new URL('./write-then-hang.ts', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-journal-crash-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('journal durability', () => {
  it('keeps a transition the moment it returns, through a SIGKILL of the process', async () => {
    const path = join(dir, 'journal.sqlite');
    const attemptId = 'a0000000-0000-4000-8000-00000000c0de';
    const writer = spawn(process.execPath, ['--import', 'tsx', child, path, attemptId], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(writer, 'exit');
    let output = '';
    for await (const chunk of writer.stdout) {
      output += String(chunk);
      if (output.includes('written')) break;
    }
    writer.kill('SIGKILL');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');

    const journal = openJournal({ path, clock: { now: () => 0 } });
    expect(journal.inDoubt().map((attempt) => [attempt.attemptId, attempt.state])).toEqual([
      [attemptId, 'pay-sent'],
    ]);
    journal.close();
  });

  it.each([
    ['darwin', 1],
    ['linux', 0],
  ] as const)('on %s, fullfsync and checkpoint_fullfsync are %i', (platform, expected) => {
    const db = openDatabase(join(dir, `${platform}.sqlite`), { platform });
    try {
      expect(db.prepare('PRAGMA fullfsync').get()).toEqual({ fullfsync: expected });
      expect(db.prepare('PRAGMA checkpoint_fullfsync').get()).toEqual({
        checkpoint_fullfsync: expected,
      });
      expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    } finally {
      db.close();
    }
  });

  it('a write before money commits at synchronous NORMAL and puts FULL back, also when it fails', () => {
    const db = openDatabase(join(dir, 'levels.sqlite'));
    const level = () => db.prepare('PRAGMA synchronous').get();
    try {
      db.exec('CREATE TABLE t (x INTEGER)');
      const seen = inTransaction(
        db,
        () => (db.exec('INSERT INTO t VALUES (1)'), level()),
        'with-next',
      );
      expect(seen).toEqual({ synchronous: 1 });
      expect(level()).toEqual({ synchronous: 2 });
      expect(() =>
        inTransaction(
          db,
          () => {
            db.exec('INSERT INTO t VALUES (2)');
            throw new Error('refused');
          },
          'with-next',
        ),
      ).toThrow('refused');
      expect(level()).toEqual({ synchronous: 2 });
      expect(inTransaction(db, level)).toEqual({ synchronous: 2 });
      expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it('refuses a money state inside a deferred write, and writes none of it', () => {
    const journal = openJournal({ path: join(dir, 'deferred.sqlite'), clock: { now: () => 0 } });
    const attempt = newAttempt();
    const step = { step: 'created', outcome: 'ok' };
    try {
      expect(() =>
        journal.atomically(() => {
          journal.createAttempt(attempt, step);
          journal.transition(attempt.attemptId, { state: 'session', sessionId: 's-1' }, step);
          journal.transition(attempt.attemptId, { state: 'initiated', orderId: 'o-1' }, step);
          journal.transition(attempt.attemptId, { state: 'pay-sent', status: 'in-doubt' }, step);
        }, 'with-next'),
      ).toThrow('pay-sent records money and must reach the disk at once.');
      expect(journal.get(attempt.attemptId)).toBeNull();
      // The same writes before money are accepted, and Pay's record after them is durable.
      journal.atomically(() => {
        journal.createAttempt(attempt, step);
        journal.transition(attempt.attemptId, { state: 'session', sessionId: 's-1' }, step);
      }, 'with-next');
      journal.transition(attempt.attemptId, { state: 'initiated', orderId: 'o-1' }, step);
      journal.transition(attempt.attemptId, { state: 'pay-sent', status: 'in-doubt' }, step);
      expect(journal.inDoubt().map((row) => row.attemptId)).toEqual([attempt.attemptId]);
    } finally {
      journal.close();
    }
  });
});
