import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../main/core/journal';
import { openDatabase } from '../../../main/core/journal/open-database';

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
});
