import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAttempt } from '../../../main/core/journal/attempt-rows';
import { startJournalReader, type JournalReader } from '../../../main/core/reader/journal-reader';
import { openDatabase } from '../../../main/core/platform/open-database';
import { sourceReaderEntry } from '../../../main/core/reader/reader-thread-source';
import { bulkAttemptDefaults, insertAttempts } from '../journal/seed-attempts';
import { newAttempt, tempJournal } from '../journal/temp-journal';

/**
 * The reader thread for real: a worker_threads worker with its own read-only connection
 * to a journal file the test keeps writing through the engine's journal.
 */

const at = Date.UTC(2026, 0, 15, 9, 30);
const rowCount = 12_000;
let t: ReturnType<typeof tempJournal>;
let reader: JournalReader;
const threadErrors: unknown[] = [];

beforeAll(() => {
  t = tempJournal();
  const seeded: StoredAttempt[] = Array.from({ length: rowCount }, (_unused, i) => ({
    ...newAttempt({ createdAt: at + i * 60_000, merchantReferenceId: `READ-${i}` }),
    ...bulkAttemptDefaults,
    state: i % 10 === 0 ? 'declined' : 'paid',
    status: i % 10 === 0 ? 'declined' : 'paid',
    updatedAt: at,
  }));
  const db = openDatabase(t.path);
  insertAttempts(db, seeded);
  db.close();
  reader = startJournalReader({
    path: t.path,
    entry: sourceReaderEntry,
    logger: console,
    onThreadError: (error) => threadErrors.push(error),
  });
});
afterAll(async () => {
  await reader.close();
  t.remove();
});

describe('journal reader thread', () => {
  it('answers searches and details exactly as the journal itself would', async () => {
    for (const filters of [{}, { text: 'read-11' }, { statuses: ['declined' as const] }]) {
      const first = await reader.search(filters, null, 50);
      expect(first).toEqual(t.journal.search(filters, null, 50));
      expect(await reader.search(filters, first.nextCursor, 50)).toEqual(
        t.journal.search(filters, first.nextCursor, 50),
      );
    }
    const [row] = (await reader.search({}, null, 1)).rows;
    expect(await reader.detail(row?.attemptId ?? '')).toEqual(
      t.journal.detail(row?.attemptId ?? ''),
    );
    expect(await reader.detail('no-such-attempt')).toBeNull();
  });

  it('sees what the writer commits after it started (WAL, no stale snapshot)', async () => {
    const late = newAttempt({ createdAt: at + rowCount * 60_000, merchantReferenceId: 'LATE-1' });
    t.journal.createAttempt(late, { step: 'created', outcome: 'ok' });
    expect((await reader.search({ text: 'late-' }, null, 5)).rows.map((r) => r.attemptId)).toEqual([
      late.attemptId,
    ]);
  });

  it('refuses a forged cursor with the operator-facing code', async () => {
    await expect(reader.search({}, 'Zm9yZ2Vk', 10)).rejects.toMatchObject({
      code: 'invalid-cursor',
    });
  });

  it('exports to a file with progress, one export at a time, searching meanwhile', async () => {
    const path = join(t.dir, 'all.csv');
    const progress: number[] = [];
    const running = reader.exportCsv({}, path, (step) => progress.push(step.fraction));
    await expect(reader.exportCsv({}, join(t.dir, 'second.csv'), () => {})).rejects.toMatchObject({
      code: 'export-running',
    });
    expect((await reader.search({ text: 'READ-5' }, null, 1)).rows).toHaveLength(1);
    expect(await running).toEqual({ rows: rowCount + 1, cancelled: false });
    expect(readFileSync(path, 'utf8').trimEnd().split('\r\n')).toHaveLength(rowCount + 2);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)).toBe(1);
    expect(await reader.cancelExport()).toBe(false);
  });

  it('stops a cancelled export and leaves no partial file', async () => {
    const path = join(t.dir, 'cancelled.csv');
    let cancelling: Promise<boolean> | null = null;
    const outcome = await reader.exportCsv({}, path, () => {
      cancelling ??= reader.cancelExport();
    });
    expect(await cancelling).toBe(true);
    expect(outcome.cancelled).toBe(true);
    expect(outcome.rows).toBeLessThan(rowCount);
    expect(existsSync(path)).toBe(false);
  });

  it('answers any registered query by name, parsing its arguments on the thread', async () => {
    const [row] = (await reader.query('search', { filters: {}, cursor: null, limit: 1 })).rows;
    expect(await reader.query('detail', { attemptId: row?.attemptId ?? '' })).toEqual(
      t.journal.detail(row?.attemptId ?? ''),
    );
    // A caller that gets past the types still meets the query's own schema, by name.
    await expect(reader.query('search', { filters: {}, cursor: null } as never)).rejects.toThrow(
      'journal reader: malformed search arguments',
    );
  });

  it('cancels a query through its own signal', async () => {
    const path = join(t.dir, 'signalled.csv');
    const cancel = new AbortController();
    const outcome = await reader.query(
      'export-csv',
      { filters: {}, path },
      { signal: cancel.signal, onProgress: () => cancel.abort() },
    );
    expect(outcome.cancelled).toBe(true);
    expect(outcome.rows).toBeLessThan(rowCount);
    expect(existsSync(path)).toBe(false);
  });

  it('fails an export to an unwritable place by name and keeps answering', async () => {
    await expect(
      reader.exportCsv({}, join(t.dir, 'missing-folder', 'x.csv'), () => {}),
    ).rejects.toThrow(/journal reader/);
    expect((await reader.search({}, null, 1)).rows).toHaveLength(1);
    expect(threadErrors).toEqual([]);
  });
});

describe('a closed journal reader', () => {
  // The app quits while a handler still awaits the gateway, then reads: the read must fail at
  // once, not start a thread on a journal whose folder may already be gone.
  it('refuses reads after close instead of starting its thread again', async () => {
    const own = tempJournal();
    const errors: unknown[] = [];
    const closing = startJournalReader({
      path: own.path,
      entry: sourceReaderEntry,
      logger: console,
      onThreadError: (error) => errors.push(error),
    });
    expect((await closing.search({}, null, 5)).rows).toEqual([]);
    await closing.close();
    own.remove();
    await expect(closing.search({}, null, 5)).rejects.toThrow('journal reader closed');
    await expect(closing.query('z-reports', { limit: 1 })).rejects.toThrow('journal reader closed');
    expect(errors).toEqual([]);
  });
});
