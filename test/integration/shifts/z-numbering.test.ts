import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { openJournal } from '../../../main/core/journal';

const childPath = fileURLToPath(new URL('./z-crash-child.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'paydesk-z-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the child until it has printed `after` Z numbers, then kills it with SIGKILL. */
const runAndKill = (journalPath: string, after: number, extraMs: number) =>
  new Promise<void>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childPath], {
      env: { ...process.env, PAYDESK_Z_CHILD: JSON.stringify({ journalPath }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      lines += chunk.toString().split('\n').length - 1;
      if (lines >= after) setTimeout(() => child.kill('SIGKILL'), extraMs);
    });
    child.once('exit', () => resolve());
  });

test('Z numbers have no gaps and every closed shift has its Z, across kill -9', async () => {
  const journalPath = join(dir, 'journal.sqlite');
  openJournal({ path: journalPath, clock: { now: () => Date.now() } }).close();
  // Kills land at random moments: inside a close, between a sale and a close, or in a sale.
  for (const [after, extraMs] of [
    [2, 0],
    [3, 7],
    [1, 13],
    [4, 3],
    [2, 21],
  ] as const) {
    await runAndKill(journalPath, after, extraMs);
  }
  const db = new DatabaseSync(journalPath, { readOnly: true });
  try {
    const numbers = db
      .prepare('SELECT z_number AS n FROM z_reports ORDER BY z_number')
      .all()
      .map((row) => Number(row.n));
    expect(numbers.length).toBeGreaterThanOrEqual(12);
    expect(numbers).toEqual(numbers.map((_n, index) => index + 1));
    const shifts = db
      .prepare(
        `SELECT s.shift_id AS id, s.opened_after_entry AS afterEntry,
           s.closed_through_entry AS through, z.z_number AS z
         FROM shifts s LEFT JOIN z_reports z ON z.shift_id = s.shift_id ORDER BY s.shift_id`,
      )
      .all();
    // One open shift (the last), each closed one with exactly its Z, cuts chained end to end.
    expect(shifts.filter((shift) => shift.through === null)).toHaveLength(1);
    expect(shifts.at(-1)?.through).toBeNull();
    for (const [index, shift] of shifts.slice(0, -1).entries()) {
      expect(shift.z).toBe(index + 1);
      expect(shifts[index + 1]?.afterEntry).toBe(shift.through);
    }
    // Every sale is in exactly one shift: the Z totals plus the open shift's add up.
    const counted = db
      .prepare(
        `SELECT coalesce(sum(json_extract(value, '$.sales.count')), 0) AS n
         FROM z_reports, json_each(json_extract(report_json, '$.currencies'))`,
      )
      .get();
    const open = shifts.at(-1);
    const inOpen = db
      .prepare(`SELECT count(*) AS n FROM ledger WHERE kind = 'sale' AND entry_id > ?`)
      .get(open?.afterEntry ?? 0);
    const all = db.prepare(`SELECT count(*) AS n FROM ledger WHERE kind = 'sale'`).get();
    expect(Number(counted?.n) + Number(inOpen?.n)).toBe(Number(all?.n));
  } finally {
    db.close();
  }
}, 60_000);
