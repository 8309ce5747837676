import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { HistoryFilters } from '../../../shared/ipc';
import { historyFiltersSchema } from '../../../shared/ipc';
import { formatMinor } from '../../../shared/money/amount';
import { maskCardNumbers } from '../../../shared/text/card-in-text';
import { parseSummaryRow, type AttemptSummary } from './attempt-rows';
import { maskedCardOf } from './attempt-views';
import { csvLine } from './csv-cells';
import { historyQuery, normaliseFilters, timeBounds } from './history-sql';
import { JournalError } from './journal-error';
import { openDatabase } from './open-database';

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

const cellsOf = (row: AttemptSummary) => [
  new Date(row.createdAt).toISOString(),
  row.attemptId,
  guarded(row.merchantReferenceId),
  row.orderId,
  formatMinor(row.amountMinor, row.currency),
  row.currency,
  formatMinor(row.refundedMinor, row.currency),
  row.status,
  row.brand,
  maskedCardOf(row),
  guarded(row.holderName),
  row.failureCode,
  guarded(row.gatewayCode),
  row.correlationId,
];

// Rows are gathered into chunks of about this size: one write per row would cost more in
// stream bookkeeping than in SQLite.
const chunkChars = 64 * 1024;
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

/**
 * Writes the matching attempts as CSV to `out`, newest first, and resolves to the number of
 * rows. Reads through its own read-only connection: WAL gives it one consistent snapshot
 * however long the export takes, and the engine keeps writing meanwhile. Honours
 * backpressure: when `out` is full, reading pauses until it drains. Does not end `out`.
 */
export async function exportCsv(
  path: string,
  input: HistoryFilters,
  out: Writable,
): Promise<number> {
  const filters = normaliseFilters(historyFiltersSchema.parse(input));
  const query = historyQuery(filters, 'selective', timeBounds(filters, null, null), false);
  const db = openDatabase(path, { readOnly: true });
  try {
    const rows = db.prepare(query.sql).iterate(query.params);
    let chunk = byteOrderMark + csvLine(header);
    let count = 0;
    for (const row of rows) {
      chunk += csvLine(cellsOf(parseSummaryRow(row)));
      count += 1;
      if (chunk.length >= chunkChars) {
        if (!out.write(chunk)) await drained(out);
        chunk = '';
      }
    }
    if (!out.write(chunk)) await drained(out);
    return count;
  } finally {
    db.close();
  }
}
