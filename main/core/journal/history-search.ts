import type { StatementSync } from 'node:sqlite';
import { type HistoryFilters, type HistoryRow, historyFiltersSchema } from '../../../shared/ipc';
import { parseSummaryArray, summaryArrays, type AttemptSummary } from './attempt-rows';
import { toHistoryRow } from './attempt-views';
import { decodeCursor, encodeCursor, type HistoryPosition } from './history-cursor';
import {
  dayMs,
  historyArms,
  normaliseFilters,
  operatorCountQuery,
  prefixColumns,
  prefixCountQuery,
  referencePartArm,
  statusCountQuery,
  anyLast4Sql,
  summaryByRowidSql,
  timeSpanSql,
  type Arm,
  type NormalisedFilters,
  type Params,
} from './history-sql';

export const maxPageSize = 200;
/**
 * A text search with statuses walks the statuses' own indexes when they hold at most this
 * many rows in range: reading them all costs less than a broad prefix's day walk would.
 */
export const rareStatusRows = 2_000;
/**
 * A text prefix that matches at most this many rows is read whole from its prefix index
 * (positions only) and sorted, rather than walked day by day: a narrow prefix of old rows
 * would otherwise cost one probe for every day since.
 */
export const narrowPrefixRows = 2_000;
/**
 * An operator with at most this many rows in range has them walked in order, every other
 * filter tested on the row (a new cashier's own history): at most this many rows are read,
 * where the other filters' indexes could pass over most of the journal to find theirs.
 */
export const rareOperatorRows = 2_000;

type Prepare = (sql: string) => StatementSync;

/** Newest first, attempt id breaking ties: the history's order. */
const newerFirst = (a: HistoryPosition, b: HistoryPosition) =>
  a.createdAt !== b.createdAt
    ? b.createdAt - a.createdAt
    : a.attemptId < b.attemptId
      ? 1
      : a.attemptId > b.attemptId
        ? -1
        : 0;

const dayOf = (ms: number) => Math.floor(ms / dayMs);

/** The days a day walk covers, or null when the journal or the range holds no day. */
function dayRange(
  prepare: Prepare,
  filters: NormalisedFilters,
  before: HistoryPosition | null,
): { firstDay: number; lastDay: number } | null {
  const span = prepare(timeSpanSql).get();
  if (span?.oldest === null || span?.newest === null || span === undefined) return null;
  const last = Math.min(
    Number(span.newest),
    filters.toMs ?? Infinity,
    before?.createdAt ?? Infinity,
  );
  const first = Math.max(Number(span.oldest), filters.fromMs ?? 0);
  return last < first ? null : { firstDay: dayOf(first), lastDay: dayOf(last) };
}

/** Reads a day walk until it has `wanted` rows and the day they came from is complete. */
function readByDay(statement: StatementSync, params: Params, wanted: number) {
  const rows: AttemptSummary[] = [];
  let day: number | null = null;
  for (const raw of summaryArrays(statement).iterate(params)) {
    const row = parseSummaryArray(raw);
    const rowDay = dayOf(row.createdAt);
    // A new (older) day starts: everything newer is in hand, so stop if that is enough.
    if (rowDay !== day && rows.length >= wanted) break;
    day = rowDay;
    rows.push(row);
  }
  return rows.sort(newerFirst).slice(0, wanted);
}

/** True when every listed status has few enough rows in range to be read whole. */
function statusesAreRare(
  prepare: Prepare,
  filters: NormalisedFilters,
  before: HistoryPosition | null,
): boolean {
  if (filters.text === null || filters.statuses.length === 0) return false;
  const query = statusCountQuery(filters, before);
  let total = 0;
  for (const status of filters.statuses) {
    const row = prepare(query.sql).get({ ...query.params, status, cap: rareStatusRows + 1 });
    total += Number(row?.n ?? 0);
    if (total > rareStatusRows) return false;
  }
  return true;
}

/** True when the operator filter is set and the operator has few rows in range. */
function operatorIsRare(
  prepare: Prepare,
  filters: NormalisedFilters,
  before: HistoryPosition | null,
): boolean {
  if (filters.operatorId === null) return false;
  const query = operatorCountQuery(filters, before);
  const row = prepare(query.sql).get({ ...query.params, cap: rareOperatorRows + 1 });
  return Number(row?.n ?? 0) <= rareOperatorRows;
}

/** Prefix indexes whose prefix matches at most `narrowPrefixRows` rows in all. */
function narrowPrefixes(prepare: Prepare, text: string): string[] {
  return prefixColumns
    .filter((prefix) => {
      const query = prefixCountQuery(prefix, text);
      const row = prepare(query.sql).get({ ...query.params, cap: narrowPrefixRows + 1 });
      return Number(row?.n ?? 0) <= narrowPrefixRows;
    })
    .map((prefix) => prefix.index);
}

/** Shortest text looked for inside references: shorter parts match nearly every one. */
export const minReferencePart = 3;
/**
 * A part of a reference (no index serves it) is looked for in the newest this many days of
 * the searched range: a bounded walk (about 0.1 s for a busy counter's month), where a typo
 * would otherwise read every day of ten years. The period filter reaches further back.
 */
export const referencePartDays = 31;

/**
 * True when the text may be a part of a reference rather than what the other arms look for:
 * long enough, and in the whole journal no reference or order id starts with it and no card
 * ends in it. A search that other filters emptied (a real reference with the wrong status)
 * so never turns into a walk of the whole journal; each test is one index probe.
 */
function referencePartWanted(prepare: Prepare, filters: NormalisedFilters): boolean {
  const text = filters.text;
  if (text === null || text.length < minReferencePart) return false;
  const starts = prefixColumns.some((prefix) => {
    const query = prefixCountQuery(prefix, text);
    return Number(prepare(query.sql).get({ ...query.params, cap: 1 })?.n ?? 0) > 0;
  });
  return !starts && (!/^\d{4}$/.test(text) || prepare(anyLast4Sql).get(text) === undefined);
}

/** An `ordered` arm's newest `wanted` rows, in its order. */
const readOrdered = (prepare: Prepare, arm: Arm, wanted: number): AttemptSummary[] =>
  summaryArrays(prepare(arm.sql))
    .all({ ...arm.params, limit: wanted })
    .map(parseSummaryArray);

/** Sorts a `positions` arm's matches and reads the rows of the newest `wanted` alone. */
function readPositions(prepare: Prepare, arm: Arm, wanted: number): AttemptSummary[] {
  const positions = prepare(arm.sql)
    .all(arm.params)
    .map((row) => ({
      rid: Number(row.rid),
      createdAt: Number(row.created_at),
      attemptId: String(row.attempt_id),
    }))
    .sort(newerFirst)
    .slice(0, wanted);
  const byRowid = summaryArrays(prepare(summaryByRowidSql));
  return positions.map(({ rid }) => parseSummaryArray(byRowid.get(rid)));
}

/**
 * The newest `wanted` matching attempts after `before`: each arm reads at most its own
 * page in index order, or a bounded set it sorts (see history-sql.ts), and the arms' rows
 * are merged here. An attempt two arms both match (a reference and an order id with the
 * same prefix) counts once.
 */
export function matchingAttempts(
  prepare: Prepare,
  filters: NormalisedFilters,
  before: HistoryPosition | null,
  wanted: number,
): AttemptSummary[] {
  const operatorLed = operatorIsRare(prepare, filters, before);
  const statusLed = !operatorLed && statusesAreRare(prepare, filters, before);
  const narrow =
    filters.text === null || statusLed || operatorLed ? [] : narrowPrefixes(prepare, filters.text);
  const arms: Arm[] = historyArms(filters, before, { operatorLed, statusLed, narrow });
  const found = new Map<string, AttemptSummary>();
  // The journal's span, asked once and only when some arm walks by day.
  let span: ReturnType<typeof dayRange> | undefined;
  const read = (arm: Arm) => {
    let rows: AttemptSummary[] = [];
    if (arm.kind === 'ordered') {
      rows = readOrdered(prepare, arm, wanted);
    } else if (arm.kind === 'positions') {
      rows = readPositions(prepare, arm, wanted);
    } else {
      span ??= dayRange(prepare, filters, before);
      const days = span;
      if (days !== null) rows = readByDay(prepare(arm.sql), { ...arm.params, ...days }, wanted);
    }
    for (const row of rows) found.set(row.attemptId, row);
  };
  // One arm in index order (the whole history: an export's usual case) is already the page,
  // newest first: merging it through the map and a sort was a tenth of a 1M-row export.
  const [only] = arms;
  if (arms.length === 1 && only?.kind === 'ordered') {
    const rows = readOrdered(prepare, only, wanted);
    if (rows.length > 0) return rows;
  } else arms.forEach(read);
  if (found.size === 0 && referencePartWanted(prepare, filters)) {
    const range = dayRange(prepare, filters, null);
    const days = dayRange(prepare, filters, before);
    if (range !== null && days !== null) {
      const firstDay = Math.max(days.firstDay, range.lastDay - referencePartDays + 1);
      const arm = referencePartArm(filters, before);
      if (firstDay <= days.lastDay) {
        const rows = readByDay(prepare(arm.sql), { ...arm.params, ...days, firstDay }, wanted);
        for (const row of rows) found.set(row.attemptId, row);
      }
    }
  }
  return [...found.values()].sort(newerFirst).slice(0, wanted);
}

/**
 * One page of the history. Keyset paging: the cursor is the last row's position, so a
 * page costs the same at row 50 and at row 5,000,000, and rows written meanwhile (a new
 * sale at the top) neither repeat nor skip rows on the next page.
 */
export function searchHistory(
  prepare: Prepare,
  input: HistoryFilters,
  cursor: string | null,
  limit: number,
): { rows: HistoryRow[]; nextCursor: string | null } {
  const filters = normaliseFilters(historyFiltersSchema.parse(input));
  const pageSize = Math.min(Math.max(Math.trunc(limit), 1), maxPageSize);
  const before = cursor === null ? null : decodeCursor(cursor);
  // One more row than the page tells whether another page exists without counting.
  const found = matchingAttempts(prepare, filters, before, pageSize + 1);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(toHistoryRow),
    nextCursor: found.length > pageSize && last !== undefined ? encodeCursor(last) : null,
  };
}
