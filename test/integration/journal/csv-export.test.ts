import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryFilters } from '../../../shared/ipc';
import type { StoredAttempt } from '../../../main/core/journal/attempt-rows';
import { exportCsv, type ExportOptions } from '../../../main/core/journal/csv-export';
import { openDatabase } from '../../../main/core/platform/open-database';
import { bulkAttemptDefaults, insertAttempts } from './seed-attempts';
import { newAttempt, tempJournal } from './temp-journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.remove());

const created = { step: 'created', outcome: 'ok' };

/** Collects what was written; `delayMs` makes it a slow disk that fills up. */
class Sink extends Writable {
  text = '';
  writesWhileFull = 0;
  constructor(private readonly delayMs = 0) {
    super({ highWaterMark: 1024, decodeStrings: false });
  }
  override _write(chunk: string, _encoding: string, done: (error?: Error) => void) {
    this.text += chunk;
    setTimeout(done, this.delayMs);
  }
  override write(chunk: string): boolean {
    if (this.writableNeedDrain) this.writesWhileFull += 1;
    return super.write(chunk);
  }
}

/** RFC 4180 reader, enough to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      records.push([...record, cell]);
      record = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return records;
}

/** The export as the reader thread runs it: its own read-only connection to the file. */
async function exportCsvOf(filters: HistoryFilters, sink: Writable, options: ExportOptions = {}) {
  const db = openDatabase(t.path, { readOnly: true });
  try {
    return await exportCsv(db, filters, sink, options);
  } finally {
    db.close();
  }
}

async function exported(filters: HistoryFilters = {}, sink = new Sink()) {
  const { rows } = await exportCsvOf(filters, sink);
  return { rows, sink, records: parseCsv(sink.text.replace(/^\uFEFF/, '')) };
}

const at = Date.UTC(2026, 0, 15, 9, 30, 0, 250);

/** Finished attempts written in bulk (the public API would fsync each one). */
function seedPaid(count: number): void {
  const seeded: StoredAttempt[] = Array.from({ length: count }, (_unused, i) => ({
    ...newAttempt({ createdAt: at + i }),
    ...bulkAttemptDefaults,
    state: 'paid',
    status: 'paid',
    orderId: `order-${i}`,
    updatedAt: at + i,
  }));
  const db = openDatabase(t.path);
  insertAttempts(db, seeded);
  db.close();
}

describe('journal CSV export', () => {
  it('writes a header and one quoted, guarded, masked record per attempt', async () => {
    const tricky = newAttempt({
      merchantReferenceId: '=HYPERLINK("http://evil","x")',
      holderName: 'O"BRIEN, 5123450000000008\nJR',
      amountMinor: 10_005,
      currency: 'KWD',
      createdAt: at,
    });
    const yen = newAttempt({
      merchantReferenceId: '@SUM(A1)',
      amountMinor: 500,
      currency: 'JPY',
      createdAt: at - 1,
    });
    const plus = newAttempt({
      merchantReferenceId: '+966-INV',
      amountMinor: 12_345,
      createdAt: at - 2,
    });
    for (const attempt of [tricky, yen, plus]) t.journal.createAttempt(attempt, created);
    t.journal.transition(
      plus.attemptId,
      {
        status: 'declined',
        orderId: 'ord-1',
        failure: {
          code: 'declined',
          gatewayCode: '-300.001',
          gatewayMessage: null,
          correlationId: 'corr-1',
        },
      },
      created,
    );

    const { rows, sink, records } = await exported();
    expect(rows).toBe(3);
    const header =
      'Created (UTC),Attempt ID,Merchant reference,Order ID,Amount,Currency,Refunded,Status,' +
      'Brand,Card,Cardholder,Failure code,Gateway code,Correlation ID\r\n';
    expect(sink.text.startsWith(`\uFEFF${header}`)).toBe(true);
    expect(sink.text).not.toContain('5123450000000008');
    expect(records.slice(1)).toEqual([
      [
        '2026-01-15T09:30:00.250Z',
        tricky.attemptId,
        `'=HYPERLINK("http://evil","x")`,
        '',
        '10.005',
        'KWD',
        '0.000',
        'in-progress',
        'mastercard',
        '512345******0008',
        'O"BRIEN, 512345******0008\nJR',
        '',
        '',
        '',
      ],
      [
        '2026-01-15T09:30:00.249Z',
        yen.attemptId,
        "'@SUM(A1)",
        '',
        '500',
        'JPY',
        '0',
        'in-progress',
        'mastercard',
        '512345******0008',
        'AHMED ALI',
        '',
        '',
        '',
      ],
      [
        '2026-01-15T09:30:00.248Z',
        plus.attemptId,
        "'+966-INV",
        'ord-1',
        '123.45',
        'SAR',
        '0.00',
        'declined',
        'mastercard',
        '512345******0008',
        'AHMED ALI',
        'declined',
        "'-300.001",
        'corr-1',
      ],
    ]);
    expect(sink.text.split('\r\n')).toHaveLength(5);
  });

  it('exports exactly what the history search shows for the same filters, in order', async () => {
    const attempts = Array.from({ length: 90 }, (_unused, i) =>
      newAttempt({ createdAt: at + i * 1000 }),
    );
    for (const [i, attempt] of attempts.entries()) {
      t.journal.createAttempt(attempt, created);
      if (i % 3 === 0) t.journal.transition(attempt.attemptId, { status: 'declined' }, created);
    }
    const filters: HistoryFilters = { statuses: ['declined'], fromMs: at + 30_000 };
    const searched = t.journal.search(filters, null, 200).rows.map((row) => row.attemptId);
    const { rows, records } = await exported(filters);
    expect(rows).toBe(searched.length);
    expect(records.slice(1).map((record) => record[1])).toEqual(searched);
  });

  it('waits for a slow destination, and reads one snapshot while the engine keeps writing', async () => {
    seedPaid(9000);

    const sink = new Sink(50);
    const running = exportCsvOf({}, sink);
    // The first page has reached the (full) destination; four more are still to come.
    while (sink.text.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const writtenBefore = sink.text.length;
    // Older than every row, so a reader without its own snapshot would still reach it.
    const late = newAttempt({ createdAt: at - 5 });
    t.journal.createAttempt(late, created);
    const { rows } = await running;
    expect(writtenBefore).toBeGreaterThan(0);
    expect(writtenBefore).toBeLessThan(sink.text.length);
    expect(rows).toBe(9000);
    expect(parseCsv(sink.text)).toHaveLength(9001);
    expect(sink.text).not.toContain(late.attemptId);
    expect(sink.writesWhileFull).toBe(0);
    expect(t.journal.get(late.attemptId)).not.toBeNull();
  });

  it('fails with a code, instead of hanging, when the destination closes early', async () => {
    seedPaid(2000);
    const sink = new Sink(50);
    const running = exportCsvOf({}, sink);
    setTimeout(() => sink.destroy(), 10);
    await expect(running).rejects.toMatchObject({ code: 'export-interrupted' });
    t.journal.createAttempt(newAttempt(), created);
  });

  it('reports progress through the time range and stops at the next page when cancelled', async () => {
    seedPaid(9000);
    const progress: { rows: number; fraction: number }[] = [];
    const cancel = new AbortController();
    const outcome = await exportCsvOf({}, new Sink(), {
      signal: cancel.signal,
      onProgress: (step) => {
        progress.push(step);
        if (step.rows >= 4000) cancel.abort();
      },
    });
    expect(outcome).toEqual({ rows: 4000, cancelled: true });
    expect(progress.map((step) => step.rows)).toEqual([2000, 4000]);
    expect(progress[0]?.fraction).toBeGreaterThan(0.2);
    expect(progress[1]?.fraction).toBeGreaterThan(progress[0]?.fraction ?? 1);

    const whole: number[] = [];
    const done = await exportCsvOf({}, new Sink(), {
      onProgress: (step) => whole.push(step.fraction),
    });
    expect(done).toEqual({ rows: 9000, cancelled: false });
    expect(whole.at(-1)).toBe(1);
  });
});
