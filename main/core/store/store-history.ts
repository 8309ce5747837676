import type { HistoryFilters, HistoryRow } from '../../../shared/ipc';
import { parseSummaryRow } from '../journal/attempt-rows';
import { toHistoryRow } from '../journal/attempt-views';
import { decodeCursor, encodeCursor } from '../journal/history-cursor';
import { normaliseFilters } from '../journal/history-sql';
import type { StoreQueryable } from './store-pool';

/** History's filters plus the store's own: which counter took the sale. */
export type StoreHistoryFilters = HistoryFilters & { counterId?: string };

export type StoreHistoryRow = HistoryRow & { counterId: string };

// bigint columns come back as float8: exact for epoch ms and minor amounts (< 2^53), and
// parsed as numbers by node-postgres, so the journal's row schema reads them unchanged.
export const storeAttemptColumns = `attempt_id, counter_id, created_at::float8 AS created_at, merchant_reference_id,
  order_id, amount_minor::float8 AS amount_minor, currency, brand, first6, last4, card_length,
  holder_name, status, refunded_minor::float8 AS refunded_minor, failure_code, gateway_code,
  correlation_id, operator_id, held_at::float8 AS held_at`;

// Qualified: a bare created_at in ORDER BY would name the float8 output column above, an
// expression no index has, and sort the whole match instead of walking an index.
const newestFirst = 'ORDER BY store_attempts.created_at DESC, store_attempts.attempt_id DESC';

/** Folds ASCII only, like PostgreSQL's lower() under the "C" collation of the indexes. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
const afterEveryChar = String.fromCodePoint(0x10ffff);

/**
 * One page of the store-wide History, newest first, keyset-paged like the counter's own
 * (the cursor format is the same). Every value is a parameter. A text search is a UNION of
 * one index range per alternative (reference prefix, order id prefix, last 4), each limited
 * to the page and read from its index alone, so even a prefix with tens of thousands of
 * matches over ten million rows reads index entries and then one page of rows.
 */
export function storeHistoryQuery(
  filters: StoreHistoryFilters,
  cursor: string | null,
  limit: number,
): { sql: string; values: unknown[] } {
  const normal = normaliseFilters(filters);
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses: string[] = [];
  if (filters.counterId !== undefined) clauses.push(`counter_id = ${param(filters.counterId)}`);
  if (normal.operatorId !== null) clauses.push(`operator_id = ${param(normal.operatorId)}`);
  if (normal.statuses.length > 0) clauses.push(`status = ANY(${param(normal.statuses)}::text[])`);
  if (normal.amountMinor !== null) clauses.push(`amount_minor = ${param(normal.amountMinor)}`);
  if (normal.fromMs !== null) clauses.push(`created_at >= ${param(normal.fromMs)}`);
  if (normal.toMs !== null) clauses.push(`created_at <= ${param(normal.toMs)}`);
  if (cursor !== null) {
    const position = decodeCursor(cursor);
    clauses.push(
      `(created_at, attempt_id) < (${param(position.createdAt)}, ${param(position.attemptId)})`,
    );
  }
  const limitParam = param(limit + 1);
  const where = (extra: string[]) => {
    const all = [...clauses, ...extra];
    return all.length === 0 ? '' : `WHERE ${all.join(' AND ')}`;
  };
  let sql: string;
  if (normal.text === null) {
    sql = `SELECT ${storeAttemptColumns} FROM store_attempts ${where([])} ${newestFirst} LIMIT ${limitParam}`;
  } else {
    const low = param(asciiLower(normal.text));
    const high = param(asciiLower(normal.text) + afterEveryChar);
    // A prefix's matches cluster in time (one series of references, one day's orders), so
    // walking the newest-first index can pass millions of rows before a page is found, and
    // the planner cannot see that. A prefix arm therefore orders by `created_at + 0`, which
    // no index yields: it always reads its own range, from the index alone (store
    // migration 2 puts every filter's column there), then sorts the matches' ids.
    const rangeFirst =
      'ORDER BY store_attempts.created_at + 0 DESC, store_attempts.attempt_id DESC';
    const arms = [
      {
        match: `lower(merchant_reference_id) COLLATE "C" >= ${low} AND lower(merchant_reference_id) COLLATE "C" < ${high}`,
        order: rangeFirst,
      },
      {
        match: `lower(order_id) COLLATE "C" >= ${low} AND lower(order_id) COLLATE "C" < ${high}`,
        order: rangeFirst,
      },
    ];
    // Last 4 digits are an equality: their index yields the screen's order as it stands.
    if (/^\d{4}$/.test(normal.text))
      arms.push({ match: `last4 = ${param(normal.text)}`, order: newestFirst });
    // Only the page's ids come out of the arms; its rows are then read by primary key.
    const union = arms
      .map(
        (arm) =>
          `(SELECT attempt_id, created_at FROM store_attempts ${where([arm.match])} ${arm.order} LIMIT ${limitParam})`,
      )
      .join(' UNION ');
    sql = `SELECT ${storeAttemptColumns} FROM store_attempts WHERE attempt_id IN (
        SELECT found.attempt_id FROM (${union}) AS found
        ORDER BY found.created_at DESC, found.attempt_id DESC LIMIT ${limitParam})
      ${newestFirst}`;
  }
  return { sql, values };
}

/** A row of `storeAttemptColumns` as History shows it, with the counter that took it. */
export const toStoreRow = (row: Record<string, unknown>): StoreHistoryRow => ({
  ...toHistoryRow(parseSummaryRow(row)),
  counterId: String(row.counter_id),
});

/** Runs storeHistoryQuery: one page and the cursor of the next. */
export async function searchStoreHistory(
  db: StoreQueryable,
  filters: StoreHistoryFilters,
  cursor: string | null,
  limit: number,
): Promise<{ rows: StoreHistoryRow[]; nextCursor: string | null }> {
  const { sql, values } = storeHistoryQuery(filters, cursor, limit);
  const result = await db.query(sql, values);
  const page = result.rows.slice(0, limit).map(toStoreRow);
  const last = page[page.length - 1];
  const nextCursor =
    result.rows.length > limit && last !== undefined
      ? encodeCursor({ createdAt: last.createdAt, attemptId: last.attemptId })
      : null;
  return { rows: page, nextCursor };
}
