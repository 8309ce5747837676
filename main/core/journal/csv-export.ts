import { once } from 'node:events';
import type { DatabaseSync } from 'node:sqlite';
import type { Writable } from 'node:stream';
import { type HistoryFilters, historyFiltersSchema } from '../../../shared/ipc';
import { formatMinor } from '../../../shared/money/amount';
import { maskCardNumbers } from '../../../shared/text/card-in-text';
import type { AttemptSummary } from './attempt-rows';
import { maskedCardOf } from './attempt-views';
import { csvCell, csvLine } from '../platform/csv-cells';
import { matchingAttempts } from './history-search';
import { normaliseFilters, timeSpanSql } from './history-sql';
import type { HistoryPosition } from './history-cursor';
import { JournalError } from '../platform/journal-error';
import { statementCache } from '../platform/statement-cache';
import { inReadSnapshot } from '../platform/transaction';
import type { ExportProgress } from '../platform/reader-query';

const header = [
  'Created (UTC)',
  'Attempt ID',
  'Merchant reference',
  'Order ID',
  'Amount',
  'Currency',
  'Refunded',
  'Status',
  'Brand',
  'Card',
  'Cardholder',
  'Failure code',
  'Gateway code',
  'Correlation ID',
];

// Free text passes the card guard again on its way out: a journal written before the guard
// knew every separator and digit form may still hold a card number.
const guarded = (text: string | null) => (text === null ? null : maskCardNumbers(text));

const dayMs = 86_400_000;
/** The first instant of the year 10000: before it, every time is `YYYY-MM-DDTHH:mm:ss.sssZ`. */
const lastFourDigitYearMs = 253_402_300_800_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * `Date#toISOString` as a CSV cell, with the day's text reused while the times stay in one
 * UTC day: an export's rows come in time order, and a Date per row was a tenth of its time.
 * A time in the years 0–9999 needs no CSV guard (digits, `-`, `:`, `.`, `T`, `Z`); any other
 * goes through the guard (a negative year starts with `-`).
 */
function isoTimes(): (ms: number) => string {
  let day = Number.NaN;
  let dayText = '';
  return (ms) => {
    if (!(ms >= 0 && ms < lastFourDigitYearMs)) return csvCell(new Date(ms).toISOString());
    const thisDay = Math.floor(ms / dayMs);
    if (thisDay !== day) {
      day = thisDay;
      dayText = new Date(thisDay * dayMs).toISOString().slice(0, 11);
    }
    const inDay = ms - thisDay * dayMs;
    const seconds = Math.floor(inDay / 1_000);
    return `${dayText}${two(Math.floor(seconds / 3_600))}:${two(Math.floor(seconds / 60) % 60)}:${two(
      seconds % 60,
    )}.${three(inDay % 1_000)}Z`;
  };
}

/** An amount as a CSV cell: digits and a point need no guard, a minus sign does. */
const amountCell = (minor: number, currency: AttemptSummary['currency']) =>
  minor >= 0 ? formatMinor(minor, currency) : csvCell(formatMinor(minor, currency));

/**
 * One record, as `csvLine` would write the row's cells, built without the array of cells
 * and its join: a year's export is a million of these. Currency, status and brand are
 * values of the row schema's enums (checked when the row was read), none of which holds a
 * character the CSV guard acts on, so they are written as they are; every cell of free or
 * gateway text goes through the guard.
 */
const lineOf = (row: AttemptSummary, isoTime: (ms: number) => string) =>
  `${isoTime(row.createdAt)},${csvCell(row.attemptId)},${csvCell(
    guarded(row.merchantReferenceId),
  )},${csvCell(row.orderId)},${amountCell(row.amountMinor, row.currency)},${row.currency},${amountCell(
    row.refundedMinor,
    row.currency,
  )},${row.status},${row.brand ?? ''},${csvCell(maskedCardOf(row))},${csvCell(
    guarded(row.holderName),
  )},${csvCell(row.failureCode)},${csvCell(guarded(row.gatewayCode))},${csvCell(row.correlationId)}\r\n`;

/**
 * Rows per read: the export pages through the history's own queries, so it costs what
 * paging the screen costs, and between pages the reader thread answers searches and a
 * cancel. One page is also one write to the file.
 */
const exportPageRows = 2_000;
// Excel reads a CSV without a byte-order mark in the local code page, which garbles Arabic
// references and names; with it, every spreadsheet reads UTF-8.
const byteOrderMark = '\uFEFF';

/** Resolves when `out` wants more; rejects if it closes or fails first (no export hangs). */
async function drained(out: Writable): Promise<void> {
  const settled = new AbortController();
  try {
    await Promise.race([
      once(out, 'drain', { signal: settled.signal }),
      once(out, 'close', { signal: settled.signal }).then(() => {
        throw new JournalError('export-interrupted', 'The export destination closed early.');
      }),
    ]);
  } finally {
    settled.abort();
  }
}

/** How far an export has got: rows written, and the share of the time range behind it. */
export interface ExportOptions {
  /** Checked between pages: an aborted export stops there and reports `cancelled`. */
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Writes the matching attempts as CSV to `out`, newest first. Runs inside one read
 * transaction, so WAL gives it one consistent snapshot however long it takes while the
 * engine keeps writing. Honours backpressure: when `out` is full, reading pauses until it
 * drains. Progress is measured in time (newest to oldest in range), which needs no count of
 * the matches first. Does not end `out`.
 */
export async function exportCsv(
  db: DatabaseSync,
  input: HistoryFilters,
  out: Writable,
  options: ExportOptions = {},
): Promise<{ rows: number; cancelled: boolean }> {
  const filters = normaliseFilters(historyFiltersSchema.parse(input));
  const prepare = statementCache(db);
  return inReadSnapshot(db, async () => {
    const span = prepare(timeSpanSql).get();
    const newest = Math.min(Number(span?.newest ?? 0), filters.toMs ?? Infinity);
    const oldest = Math.max(Number(span?.oldest ?? 0), filters.fromMs ?? 0);
    let rows = 0;
    let before: HistoryPosition | null = null;
    const isoTime = isoTimes();
    let chunk = byteOrderMark + csvLine(header);
    for (;;) {
      const page = matchingAttempts(prepare, filters, before, exportPageRows);
      for (const row of page) chunk += lineOf(row, isoTime);
      rows += page.length;
      if (!out.write(chunk)) await drained(out);
      chunk = '';
      const last = page.at(-1);
      if (last === undefined || page.length < exportPageRows) break;
      before = { createdAt: last.createdAt, attemptId: last.attemptId };
      const fraction = newest > oldest ? (newest - last.createdAt) / (newest - oldest) : 1;
      options.onProgress?.({ rows, fraction: Math.min(Math.max(fraction, 0), 1) });
      // Lets the thread's other messages (a search, a cancel) in between pages.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) return { rows, cancelled: true };
    }
    options.onProgress?.({ rows, fraction: 1 });
    return { rows, cancelled: false };
  });
}
