import type { StatementSync } from 'node:sqlite';
import type { HistoryFilters, HistoryRow } from '../../../shared/ipc';
import { historyFiltersSchema } from '../../../shared/ipc';
import { parseSummaryRow } from './attempt-rows';
import { toHistoryRow } from './attempt-views';
import { decodeCursor, encodeCursor, type HistoryPosition } from './history-cursor';
import {
  historyQuery,
  narrows,
  normaliseFilters,
  positionQuery,
  timeBounds,
  type NormalisedFilters,
} from './history-sql';

/** Rows the time walk examines before handing over to the selective index. */
export const recentWindow = 2_000;
export const maxPageSize = 200;

type Prepare = (sql: string) => StatementSync;

/**
 * One page of the history, in two walks that split the rows at a boundary:
 *
 * 1. The newest `recentWindow` rows (after the cursor), walked in order through the time
 *    index and tested against every filter. Broad filters ("paid", a common prefix) fill
 *    a page here after a few dozen rows.
 * 2. Only if the page is not full: the older rows, through the narrowest filter's own index
 *    (text, amount, status). Filters that match little read little there.
 *
 * Each walk costs at most about the window or the matches of the narrow filter, so no
 * filter combination scans the million-row table (measured by test/bench/journal-bench.ts).
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
  const wanted = pageSize + 1;

  const boundary = windowBoundary(prepare, filters, before);
  let found = select(prepare, filters, 'time', before, boundary, wanted);
  if (found.length < wanted && boundary !== null && narrows(filters)) {
    const older = select(prepare, filters, 'selective', boundary, null, wanted - found.length);
    found = found.concat(older);
  }

  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(toHistoryRow),
    nextCursor: found.length > pageSize && last !== undefined ? encodeCursor(last) : null,
  };
}

/** The oldest row of the recent window, or null when fewer rows than the window remain. */
function windowBoundary(
  prepare: Prepare,
  filters: NormalisedFilters,
  before: HistoryPosition | null,
): HistoryPosition | null {
  const query = positionQuery(timeBounds(filters, before, null));
  const row = prepare(query.sql).get({ ...query.params, offset: recentWindow - 1 });
  if (row === undefined) return null;
  return { createdAt: Number(row.created_at), attemptId: String(row.attempt_id) };
}

function select(
  prepare: Prepare,
  filters: NormalisedFilters,
  walk: 'time' | 'selective',
  before: HistoryPosition | null,
  notBefore: HistoryPosition | null,
  limit: number,
) {
  const query = historyQuery(filters, walk, timeBounds(filters, before, notBefore), true);
  return prepare(query.sql)
    .all({ ...query.params, limit })
    .map(parseSummaryRow);
}
