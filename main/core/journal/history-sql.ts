import type { SQLInputValue } from 'node:sqlite';
import type { HistoryFilters } from '../../../shared/ipc';
import type { HistoryPosition } from './history-cursor';

/**
 * SQL for the history's filters. Each query names the index it walks (INDEXED BY): the
 * planner has no statistics for bound values, and a wrong guess on a million rows is the
 * difference between 1 ms and a second. Tests pin the plans with EXPLAIN QUERY PLAN.
 */

export type Params = Record<string, SQLInputValue>;

export interface SqlPart {
  clauses: string[];
  params: Params;
}

/** The order of the history screen and of the export: newest first, then attempt id. */
export const newestFirst = 'ORDER BY created_at DESC, attempt_id DESC';

// The largest code point: every string that starts with the prefix sorts below prefix+this.
const afterEveryChar = String.fromCodePoint(0x10ffff);

// SQLite's lower() folds ASCII only; fold the search text the same way so both sides agree.
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());

const referencePrefix = `lower(merchant_reference_id) >= :textLow
  AND lower(merchant_reference_id) < :textHigh`;
const orderIdPrefix = 'lower(order_id) >= :textLow AND lower(order_id) < :textHigh';

/** Filters after trimming: empty text and empty status lists mean "no filter". */
export interface NormalisedFilters {
  text: string | null;
  statuses: string[];
  fromMs: number | null;
  toMs: number | null;
  amountMinor: number | null;
}

export function normaliseFilters(filters: HistoryFilters): NormalisedFilters {
  const text = filters.text?.trim() ?? '';
  return {
    text: text === '' ? null : text,
    statuses: [...new Set(filters.statuses ?? [])],
    fromMs: filters.fromMs ?? null,
    toMs: filters.toMs ?? null,
    amountMinor: filters.amountMinor ?? null,
  };
}

/** True when a filter other than the date range narrows the rows. */
export const narrows = (filters: NormalisedFilters) =>
  filters.text !== null || filters.statuses.length > 0 || filters.amountMinor !== null;

const isLast4 = (text: string) => /^\d{4}$/.test(text);

function textParams(text: string): Params {
  const low = asciiLower(text);
  return { textLow: low, textHigh: low + afterEveryChar, ...(isLast4(text) ? { last4: text } : {}) };
}

/**
 * Text matches a merchant reference prefix (case-insensitive), an order id prefix (a full
 * id is its own prefix), or the card's last 4 when the text is exactly 4 digits.
 */
function textClause(text: string): string {
  const alternatives = [referencePrefix, orderIdPrefix, ...(isLast4(text) ? ['last4 = :last4'] : [])];
  return `(${alternatives.map((clause) => `(${clause})`).join(' OR ')})`;
}

/** The same match as a set of rowids, each branch read through its own index. */
function textRowids(text: string): string {
  const branches = [
    `SELECT rowid FROM attempts WHERE ${referencePrefix}`,
    `SELECT rowid FROM attempts WHERE ${orderIdPrefix}`,
    ...(isLast4(text) ? ['SELECT rowid FROM attempts WHERE last4 = :last4'] : []),
  ];
  return `rowid IN (${branches.join(' UNION ')})`;
}

/** Date range and keyset bounds: the part every index can serve through created_at. */
export function timeBounds(
  filters: NormalisedFilters,
  before: HistoryPosition | null,
  notBefore: HistoryPosition | null,
): SqlPart {
  const clauses: string[] = [];
  const params: Params = {};
  if (filters.fromMs !== null) {
    clauses.push('created_at >= :fromMs');
    params.fromMs = filters.fromMs;
  }
  if (filters.toMs !== null) {
    clauses.push('created_at <= :toMs');
    params.toMs = filters.toMs;
  }
  // Written as a range on created_at plus a tie-break, so the index is entered at the
  // position rather than filtered from the top.
  if (before !== null) {
    clauses.push('created_at <= :beforeAt AND (created_at < :beforeAt OR attempt_id < :beforeId)');
    params.beforeAt = before.createdAt;
    params.beforeId = before.attemptId;
  }
  if (notBefore !== null) {
    clauses.push('created_at >= :fromAt AND (created_at > :fromAt OR attempt_id >= :fromId)');
    params.fromAt = notBefore.createdAt;
    params.fromId = notBefore.attemptId;
  }
  return { clauses, params };
}

/** Text, status and amount filters; `textAs` says how the text filter is written. */
function narrowing(filters: NormalisedFilters, textAs: 'condition' | 'rowids'): SqlPart {
  const clauses: string[] = [];
  let params: Params = {};
  if (filters.text !== null) {
    clauses.push(textAs === 'rowids' ? textRowids(filters.text) : textClause(filters.text));
    params = textParams(filters.text);
  }
  if (filters.statuses.length > 0) {
    const names = filters.statuses.map((_status, index) => `:status${index}`);
    clauses.push(`status IN (${names.join(', ')})`);
    filters.statuses.forEach((status, index) => (params[`status${index}`] = status));
  }
  if (filters.amountMinor !== null) {
    clauses.push('amount_minor = :amountMinor');
    params.amountMinor = filters.amountMinor;
  }
  return { clauses, params };
}

/**
 * Where a query over `filters` starts. `time` walks the newest rows and tests each one;
 * `selective` starts from the narrowest filter's own index: text (a few rows per prefix),
 * then amount, then status.
 */
export function fromClause(filters: NormalisedFilters, walk: 'time' | 'selective'): string {
  if (walk === 'selective') {
    // NOT INDEXED still allows rowid lookups: the text rowids drive the query.
    if (filters.text !== null) return 'attempts NOT INDEXED';
    if (filters.amountMinor !== null) return 'attempts INDEXED BY attempts_by_amount';
    if (filters.statuses.length > 0) return 'attempts INDEXED BY attempts_by_status';
  }
  return 'attempts INDEXED BY attempts_by_time';
}

/** `WHERE …` (or nothing) and its parameters for a walk over the given bounds. */
export function whereClause(
  filters: NormalisedFilters,
  walk: 'time' | 'selective',
  bounds: SqlPart,
): { sql: string; params: Params } {
  const textAs = walk === 'selective' && filters.text !== null ? 'rowids' : 'condition';
  const narrow = narrowing(filters, textAs);
  const clauses = [...bounds.clauses, ...narrow.clauses];
  return {
    sql: clauses.length === 0 ? '' : `WHERE ${clauses.map((clause) => `(${clause})`).join(' AND ')}`,
    params: { ...bounds.params, ...narrow.params },
  };
}
