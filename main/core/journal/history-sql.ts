import type { SQLInputValue } from 'node:sqlite';
import type { HistoryFilters } from '../../../shared/ipc';
import { summaryColumns } from './attempt-rows';
import type { HistoryPosition } from './history-cursor';

/**
 * SQL for the history's filters, as "arms": each arm reads one index in the screen's order
 * (newest first), so no arm ever sorts or scans the table, and the caller merges the arms'
 * rows. Each arm names the index it walks (INDEXED BY): the planner has no statistics for
 * bound values, and a wrong guess on ten million rows is the difference between 1 ms and a
 * second. test/integration/journal/query-plans.test.ts pins every arm's plan.
 */

export type Params = Record<string, SQLInputValue>;

interface Conditions {
  clauses: string[];
  params: Params;
}

/** The order of the history screen and of the export: newest first, then attempt id. */
export const newestFirst = 'ORDER BY created_at DESC, attempt_id DESC';

/** Width of the buckets text searches walk: one UTC day, as in the index expression. */
export const dayMs = 86_400_000;

/** Filters after trimming: empty text and empty status lists mean "no filter". */
export interface NormalisedFilters {
  text: string | null;
  statuses: string[];
  fromMs: number | null;
  toMs: number | null;
  amountMinor: number | null;
  /** The operator who took the sale: History's operator filter, a cashier's own history. */
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

/** Date range and the keyset bound: the part every index serves through created_at. */
export function timeBounds(filters: NormalisedFilters, before: HistoryPosition | null): Conditions {
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
  // A range on created_at plus a tie-break, so the index is entered at the position rather
  // than filtered from the top.
  if (before !== null) {
    clauses.push('created_at <= :beforeAt AND (created_at < :beforeAt OR attempt_id < :beforeId)');
    params.beforeAt = before.createdAt;
    params.beforeId = before.attemptId;
  }
  return { clauses, params };
}

// The largest code point: every string that starts with the prefix sorts below prefix+this.
const afterEveryChar = String.fromCodePoint(0x10ffff);
// SQLite's lower() folds ASCII only; fold the search text the same way so both sides agree.
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (run) => run.toLowerCase());

const isLast4 = (text: string) => /^\d{4}$/.test(text);

/** The two text columns a prefix matches, with their prefix-first and day-first indexes. */
export const prefixColumns = [
  {
    column: 'lower(merchant_reference_id)',
    index: 'attempts_by_reference',
    dayIndex: 'attempts_by_day_reference',
  },
  { column: 'lower(order_id)', index: 'attempts_by_order', dayIndex: 'attempts_by_day_order' },
] as const;
export type PrefixColumn = (typeof prefixColumns)[number];

const prefixClause = (column: string) => `${column} >= :textLow AND ${column} < :textHigh`;

function prefixParams(text: string): Params {
  const low = asciiLower(text);
  return { textLow: low, textHigh: low + afterEveryChar };
}

/**
 * Text matches a merchant reference prefix (case-insensitive), an order id prefix (a full
 * id is its own prefix), or the card's last 4 when the text is exactly 4 digits.
 */
function textAlternatives(text: string): string {
  const alternatives = prefixColumns.map(({ column }) => `(${prefixClause(column)})`);
  if (isLast4(text)) alternatives.push('(last4 = :last4)');
  return alternatives.join(' OR ');
}

/** The text's parameters for textAlternatives. */
function textParams(text: string): Params {
  return { ...prefixParams(text), ...(isLast4(text) ? { last4: text } : {}) };
}

function statusList(statuses: string[]): Conditions {
  const names = statuses.map((_status, index) => `:status${index}`);
  const params: Params = {};
  statuses.forEach((status, index) => (params[`status${index}`] = status));
  return { clauses: [`status IN (${names.join(', ')})`], params };
}

/** Status list, amount and operator, for arms whose index holds all three columns. */
function residuals(filters: NormalisedFilters): Conditions {
  const status = filters.statuses.length > 0 ? statusList(filters.statuses) : null;
  const clauses = status?.clauses ?? [];
  const params: Params = { ...status?.params };
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
 * How one arm's rows arrive. `ordered`: newest first, ending in `LIMIT :limit` (the caller
 * binds it). `by-day`: one UTC day after another, newest day first, unordered within a day
 * and unlimited: the caller stops reading at a day boundary once it has enough rows.
 * `positions`: only rowid, created_at and attempt_id of every match, in no order, from a
 * covering index; the caller has checked there are few (prefixCountQuery), sorts them and
 * reads the rows of its page alone.
 */
export type Arm = HistoryQuery & { kind: 'ordered' | 'by-day' | 'positions' };

const ordered = (index: string, clauses: string[], params: Params): Arm => ({
  kind: 'ordered',
  sql: `SELECT ${summaryColumns} FROM attempts INDEXED BY ${index} ${where(clauses)}
    ${newestFirst} LIMIT :limit`,
  params,
});

/**
 * Arms without text: one ordered walk per status (equality on the index's first columns,
 * then created_at, so each reads only its own page), else the amount's, else the
 * operator's, else the time index. The date range and cursor are a range on created_at
 * inside each. An operator with statuses has its own index (a cashier's "my declined
 * sales"); with an amount it is a column of the amount's index, tested without a table read.
 */
function plainArms(filters: NormalisedFilters, bounds: Conditions): Arm[] {
  const rest = residuals({ ...filters, statuses: [] });
  const walk = (index: string, lead: string[] = [], params: Params = {}) =>
    ordered(index, [...lead, ...rest.clauses, ...bounds.clauses], {
      ...bounds.params,
      ...rest.params,
      ...params,
    });
  if (filters.statuses.length > 0) {
    let index = 'attempts_by_status';
    if (filters.amountMinor !== null) index = 'attempts_by_status_amount';
    else if (filters.operatorId !== null) index = 'attempts_by_operator_status';
    return filters.statuses.map((status) => walk(index, ['status = :status'], { status }));
  }
  if (filters.amountMinor !== null) return [walk('attempts_by_amount')];
  if (filters.operatorId !== null) return [walk('attempts_by_operator')];
  return [walk('attempts_by_time')];
}

/**
 * A day walk for a text prefix: a recursive CTE counts the days down from `:lastDay` to
 * `:firstDay`, and for each day the prefix is a range in that day's slice of the index.
 * The other filters are columns of the same index, so rows that fail them cost no table
 * read. A prefix that matches half the journal fills a page from its newest day.
 */
function dayWalk(
  prefix: PrefixColumn,
  filters: NormalisedFilters,
  bounds: Conditions,
  match: string = prefixClause(prefix.column),
): Arm {
  const rest = residuals(filters);
  return {
    kind: 'by-day',
    sql: `WITH RECURSIVE days(day) AS (
        SELECT :lastDay UNION ALL SELECT day - 1 FROM days WHERE day > :firstDay)
      SELECT ${summaryColumns} FROM days CROSS JOIN attempts INDEXED BY ${prefix.dayIndex}
      WHERE created_at / ${dayMs} = days.day AND ${match}
      ${[...rest.clauses, ...bounds.clauses].map((clause) => `AND (${clause})`).join(' ')}`,
    params: { ...bounds.params, ...rest.params, ...prefixParams(filters.text ?? '') },
  };
}

/**
 * A day walk for text found anywhere inside a merchant reference: the end of
 * `PD-20261126-FC3A9K` is what tells a day's references apart, and what an operator reads
 * out. No index serves a part, so the caller walks this only when no reference starts with
 * the text; each day's slice of the index is tested newest day first (a row that fails costs
 * no table read), and the walk stops once a page is full.
 */
export function referencePartArm(filters: NormalisedFilters, before: HistoryPosition | null): Arm {
  const [reference] = prefixColumns;
  const arm = dayWalk(
    reference,
    filters,
    timeBounds(filters, before),
    `instr(${reference.column}, :textPart) > 0`,
  );
  const { textLow: _low, textHigh: _high, ...params } = arm.params;
  return { ...arm, params: { ...params, textPart: asciiLower(filters.text ?? '') } };
}

/** Every match of a prefix that few rows have, as positions, from its covering index. */
function prefixPositions(
  prefix: PrefixColumn,
  filters: NormalisedFilters,
  bounds: Conditions,
): Arm {
  const rest = residuals(filters);
  return {
    kind: 'positions',
    sql: `SELECT rowid AS rid, created_at, attempt_id FROM attempts INDEXED BY ${prefix.index}
      ${where([prefixClause(prefix.column), ...rest.clauses, ...bounds.clauses])}`,
    params: { ...bounds.params, ...rest.params, ...prefixParams(filters.text ?? '') },
  };
}

/** How many rows a prefix matches, counted up to `:cap` from its index alone. */
export function prefixCountQuery(prefix: PrefixColumn, text: string): HistoryQuery {
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM attempts INDEXED BY ${prefix.index}
      WHERE ${prefixClause(prefix.column)} LIMIT :cap)`,
    params: prefixParams(text),
  };
}

/** Whether any card ends in these 4 digits: one probe of the last-4 index. */
export const anyLast4Sql = `SELECT 1 FROM attempts INDEXED BY attempts_by_last4 WHERE last4 = ? LIMIT 1`;

/** A summary row by rowid: what a `positions` arm's page is read with. */
export const summaryByRowidSql = `SELECT ${summaryColumns} FROM attempts WHERE rowid = ?`;

/**
 * Arms for a text search: per prefix column, every match's position when the prefix is
 * `narrow` for it (few rows), else a day walk; plus the last 4 (an equality, so an ordered
 * walk) when the text is 4 digits. `statusLed` instead walks each status's own index and
 * tests the text on the row: the caller picks it when the statuses are rare, where a broad
 * prefix would otherwise read many days to find a few matches.
 */
function textArms(filters: NormalisedFilters, bounds: Conditions, walk: Walk): Arm[] {
  const text = filters.text ?? '';
  if (walk.statusLed) {
    return filters.statuses.map((status) => {
      const rest = residuals({ ...filters, statuses: [] });
      return ordered(
        'attempts_by_status',
        ['status = :status', textAlternatives(text), ...rest.clauses, ...bounds.clauses],
        { ...bounds.params, ...rest.params, ...textParams(text), status },
      );
    });
  }
  const arms = prefixColumns.map((prefix) =>
    walk.narrow.includes(prefix.index)
      ? prefixPositions(prefix, filters, bounds)
      : dayWalk(prefix, filters, bounds),
  );
  if (isLast4(text)) {
    const rest = residuals(filters);
    arms.push(
      ordered('attempts_by_last4', ['last4 = :last4', ...rest.clauses, ...bounds.clauses], {
        ...bounds.params,
        ...rest.params,
        last4: text,
      }),
    );
  }
  return arms;
}

/**
 * One walk of a rare operator's own rows in order, every other filter tested on the row:
 * the caller picks it when the operator has few rows in range (a new cashier), where the
 * other filters' indexes would pass over many other operators' rows to find theirs.
 */
function operatorLedArm(filters: NormalisedFilters, bounds: Conditions): Arm {
  const rest = residuals(filters);
  const text = filters.text === null ? [] : [textAlternatives(filters.text)];
  return ordered('attempts_by_operator', [...text, ...rest.clauses, ...bounds.clauses], {
    ...bounds.params,
    ...rest.params,
    ...(filters.text === null ? {} : textParams(filters.text)),
  });
}

/**
 * How a page walks: a rare operator's own rows; for text, by rare statuses, or per prefix
 * column narrow or by day.
 */
export interface Walk {
  operatorLed: boolean;
  statusLed: boolean;
  /** Prefix indexes (PrefixColumn.index) few enough rows match to read whole. */
  narrow: readonly string[];
}

/** Every arm of a page's query; their rows, merged newest first, are the page. */
export function historyArms(
  filters: NormalisedFilters,
  before: HistoryPosition | null,
  walk: Walk = { operatorLed: false, statusLed: false, narrow: [] },
): Arm[] {
  const bounds = timeBounds(filters, before);
  if (walk.operatorLed) return [operatorLedArm(filters, bounds)];
  return filters.text === null ? plainArms(filters, bounds) : textArms(filters, bounds, walk);
}

/**
 * How many rows of one status lie within the date range and cursor, counted up to `:cap`
 * from the status index alone: what tells a rare status (walk it) from a common one.
 */
export function statusCountQuery(filters: NormalisedFilters, before: HistoryPosition | null) {
  const bounds = timeBounds(filters, before);
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM attempts INDEXED BY attempts_by_status
      ${where(['status = :status', ...bounds.clauses])} LIMIT :cap)`,
    params: bounds.params,
  };
}

/**
 * How many of one operator's rows lie within the date range and cursor, counted up to
 * `:cap` from the operator's index alone: what tells a rare operator (walk their rows) from
 * a common one (a column the other filters' indexes test).
 */
export function operatorCountQuery(filters: NormalisedFilters, before: HistoryPosition | null) {
  const bounds = timeBounds(filters, before);
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM attempts INDEXED BY attempts_by_operator
      ${where(['operator_id = :operatorId', ...bounds.clauses])} LIMIT :cap)`,
    params: { ...bounds.params, operatorId: filters.operatorId },
  };
}

/** Oldest and newest creation times: the ends of a day walk. */
export const timeSpanSql = `SELECT
  (SELECT created_at FROM attempts INDEXED BY attempts_by_time ORDER BY created_at LIMIT 1) AS oldest,
  (SELECT created_at FROM attempts INDEXED BY attempts_by_time ORDER BY created_at DESC LIMIT 1) AS newest`;
