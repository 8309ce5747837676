import type { SQLInputValue } from 'node:sqlite';
import type { HistoryFilters } from '../../../shared/ipc';
import { summaryColumns } from './attempt-rows';
import type { HistoryPosition } from './history-cursor';

/**
 * SQL for the history's filters. Each query names the index it walks (INDEXED BY): the
 * planner has no statistics for bound values, and a wrong guess on a million rows is the
 * difference between 1 ms and a second. Tests pin the plans with EXPLAIN QUERY PLAN.
 */

export type Params = Record<string, SQLInputValue>;

interface Conditions {
  clauses: string[];
  params: Params;
}

/** The order of the history screen and of the export: newest first, then attempt id. */
export const newestFirst = 'ORDER BY created_at DESC, attempt_id DESC';

/** Filters after trimming: empty text and empty status lists mean "no filter". */
export interface NormalisedFilters {
  text: string | null;
  statuses: string[];
  fromMs: number | null;
  toMs: number | null;
  amountMinor: number | null;
  operatorId: string | null;
}

export function normaliseFilters(filters: HistoryFilters): NormalisedFilters {
  const text = filters.text?.trim() ?? '';
  return {
    text: text === '' ? null : text,
    statuses: [...new Set(filters.statuses ?? [])],
    fromMs: filters.fromMs ?? null,
    toMs: filters.toMs ?? null,
    amountMinor: filters.amountMinor ?? null,
    operatorId: filters.operatorId ?? null,
  };
}

/** True when a filter other than the date range narrows the rows. */
export const narrows = (filters: NormalisedFilters) =>
  filters.text !== null ||
  filters.statuses.length > 0 ||
  filters.amountMinor !== null ||
  filters.operatorId !== null;

/** Date range and keyset bounds: the part every index can serve through created_at. */
export function timeBounds(
  filters: NormalisedFilters,
  before: HistoryPosition | null,
  notBefore: HistoryPosition | null,
): Conditions {
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

// The largest code point: every string that starts with the prefix sorts below prefix+this.
const afterEveryChar = String.fromCodePoint(0x10ffff);
// SQLite's lower() folds ASCII only; fold the search text the same way so both sides agree.
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());

const isLast4 = (text: string) => /^\d{4}$/.test(text);

/**
 * Text matches a merchant reference prefix (case-insensitive), an order id prefix (a full
 * id is its own prefix), or the card's last 4 when the text is exactly 4 digits. One
 * alternative per index that serves it.
 */
function textAlternatives(text: string): { index: string; clause: string }[] {
  const alternatives = [
    {
      index: 'attempts_by_reference',
      clause:
        'lower(merchant_reference_id) >= :textLow AND lower(merchant_reference_id) < :textHigh',
    },
    {
      index: 'attempts_by_order',
      clause: 'lower(order_id) >= :textLow AND lower(order_id) < :textHigh',
    },
  ];
  if (isLast4(text)) alternatives.push({ index: 'attempts_by_last4', clause: 'last4 = :last4' });
  return alternatives;
}

function textParams(text: string): Params {
  const low = asciiLower(text);
  return {
    textLow: low,
    textHigh: low + afterEveryChar,
    ...(isLast4(text) ? { last4: text } : {}),
  };
}

/** Status, amount and operator filters. */
function equalities(filters: NormalisedFilters): Conditions {
  const clauses: string[] = [];
  const params: Params = {};
  if (filters.statuses.length > 0) {
    const names = filters.statuses.map((_status, index) => `:status${index}`);
    clauses.push(`status IN (${names.join(', ')})`);
    filters.statuses.forEach((status, index) => (params[`status${index}`] = status));
  }
  if (filters.amountMinor !== null) {
    clauses.push('amount_minor = :amountMinor');
    params.amountMinor = filters.amountMinor;
  }
  if (filters.operatorId !== null) {
    clauses.push('operator_id = :operatorId');
    params.operatorId = filters.operatorId;
  }
  return { clauses, params };
}

const where = (clauses: string[]) =>
  clauses.length === 0 ? '' : `WHERE ${clauses.map((clause) => `(${clause})`).join(' AND ')}`;

export interface HistoryQuery {
  sql: string;
  params: Params;
}

/**
 * A SELECT of history rows over `bounds`, newest first, ending in `LIMIT :limit` when
 * `limited` (the caller adds `limit`). `walk` picks where it starts:
 *
 * - `time`: the newest rows through the time index, each tested against every filter.
 * - `selective`: the narrowest filter's own index. Text reads each alternative's index
 *   range for its newest matches (from the index alone: no table row is read for a row
 *   that does not make the page), then fetches just those rows; else amount, else status.
 */
export function historyQuery(
  filters: NormalisedFilters,
  walk: 'time' | 'selective',
  bounds: Conditions,
  limited: boolean,
): HistoryQuery {
  const rest = equalities(filters);
  const limit = limited ? 'LIMIT :limit' : '';
  if (walk === 'selective' && filters.text !== null) {
    const arms = textAlternatives(filters.text).map(
      ({ index, clause }) =>
        `SELECT rid FROM (SELECT rowid AS rid FROM attempts INDEXED BY ${index}
         ${where([clause, ...bounds.clauses, ...rest.clauses])} ${newestFirst} ${limit})`,
    );
    return {
      // NOT INDEXED still allows rowid lookups: the arms' rowids drive the outer query.
      sql: `SELECT ${summaryColumns} FROM attempts NOT INDEXED
        WHERE rowid IN (${arms.join(' UNION ')}) ${newestFirst} ${limit}`,
      params: { ...bounds.params, ...rest.params, ...textParams(filters.text) },
    };
  }
  let index = 'attempts_by_time';
  if (walk === 'selective' && filters.amountMinor !== null) index = 'attempts_by_amount';
  else if (walk === 'selective' && filters.operatorId !== null) index = 'attempts_by_operator';
  else if (walk === 'selective' && filters.statuses.length > 0) index = 'attempts_by_status';
  const clauses = [...bounds.clauses, ...rest.clauses];
  let params = { ...bounds.params, ...rest.params };
  if (filters.text !== null) {
    const alternatives = textAlternatives(filters.text).map(({ clause }) => `(${clause})`);
    clauses.push(alternatives.join(' OR '));
    params = { ...params, ...textParams(filters.text) };
  }
  return {
    sql: `SELECT ${summaryColumns} FROM attempts INDEXED BY ${index} ${where(clauses)}
      ${newestFirst} ${limit}`,
    params,
  };
}

/** The position `offset` rows down from the top of `bounds`, or null past the end. */
export function positionQuery(bounds: Conditions): HistoryQuery {
  return {
    sql: `SELECT created_at, attempt_id FROM attempts INDEXED BY attempts_by_time
      ${where(bounds.clauses)} ${newestFirst} LIMIT 1 OFFSET :offset`,
    params: bounds.params,
  };
}
