import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryFilters } from '../../../shared/ipc';
import {
  historyQuery,
  normaliseFilters,
  positionQuery,
  timeBounds,
  type HistoryQuery,
} from '../../../main/core/journal/history-sql';
import { inDoubtSql } from '../../../main/core/journal/sqlite-journal';
import { tempJournal } from './temp-journal';

/**
 * SQLite's own account of how it runs each history query shape on the real schema. A
 * full scan of attempts, or a sort of every match, would pass on small test data and take
 * seconds on a merchant's million rows; only the plan shows it.
 */

let t: ReturnType<typeof tempJournal>;
let db: DatabaseSync;
beforeAll(() => {
  t = tempJournal();
  db = new DatabaseSync(t.path, { readOnly: true });
});
afterAll(() => {
  db.close();
  t.remove();
});

const position = { createdAt: 1_750_000_000_000, attemptId: 'a' };

function plan(query: HistoryQuery, extra: Record<string, number> = {}): string[] {
  return db
    .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .all({ ...query.params, ...extra })
    .map((row) => String(row.detail));
}

const pagePlan = (filters: HistoryFilters, walk: 'time' | 'selective') => {
  const normalised = normaliseFilters(filters);
  const notBefore = walk === 'time' ? position : null;
  return plan(historyQuery(normalised, walk, timeBounds(normalised, position, notBefore), true), {
    limit: 51,
  });
};

const fullScan = (lines: string[]) => lines.filter((line) => /^SCAN attempts\b/.test(line));
const sorts = (lines: string[]) => lines.filter((line) => line.includes('TEMP B-TREE'));

describe('history query plans', () => {
  it.each<HistoryFilters>([{}, { text: 'INV' }, { statuses: ['paid'] }, { amountMinor: 5 }])(
    'walks the recent window through the time index in order for %j',
    (filters) => {
      const lines = pagePlan(filters, 'time');
      expect(lines).toEqual([
        expect.stringMatching(
          /^SEARCH attempts USING INDEX attempts_by_time \(created_at>\? AND created_at<\?\)$/,
        ),
      ]);
    },
  );

  it.each([
    [{ amountMinor: 5 }, 'attempts_by_amount (amount_minor=? AND created_at<?)'],
    [{ statuses: ['in-doubt'] }, 'attempts_by_status (status=? AND created_at<?)'],
    [{ fromMs: 1, toMs: 2 }, 'attempts_by_time (created_at>? AND created_at<?)'],
  ] as [HistoryFilters, string][])('reads %j in order from its own index', (filters, index) => {
    const lines = pagePlan(filters, 'selective');
    expect(lines).toEqual([`SEARCH attempts USING INDEX ${index}`]);
  });

  it.each<[HistoryFilters, string[]]>([
    [{ text: 'INV-00' }, ['attempts_by_reference', 'attempts_by_order']],
    [{ text: '4242' }, ['attempts_by_reference', 'attempts_by_order', 'attempts_by_last4']],
  ])('finds the newest text matches of %j from covering indexes', (filters, indexes) => {
    const lines = pagePlan(filters, 'selective');
    expect(fullScan(lines)).toEqual([]);
    for (const index of indexes) {
      expect(lines).toContainEqual(
        expect.stringMatching(`^SEARCH attempts USING COVERING INDEX ${index} `),
      );
    }
    expect(lines).toContain('SEARCH attempts USING INTEGER PRIMARY KEY (rowid=?)');
  });

  it('searches text with other filters through the text indexes, not a scan', () => {
    const lines = pagePlan({ text: 'INV', statuses: ['paid'], amountMinor: 100 }, 'selective');
    expect(fullScan(lines)).toEqual([]);
    expect(lines).toContainEqual(expect.stringContaining('INDEX attempts_by_reference'));
  });

  it('finds the window boundary from the time index alone', () => {
    const normalised = normaliseFilters({});
    const lines = plan(positionQuery(timeBounds(normalised, position, null)), { offset: 1999 });
    expect(lines).toEqual(['SEARCH attempts USING COVERING INDEX attempts_by_time (created_at<?)']);
  });

  it('exports a single status in order without sorting', () => {
    const normalised = normaliseFilters({ statuses: ['paid'] });
    const lines = plan(
      historyQuery(normalised, 'selective', timeBounds(normalised, null, null), false),
    );
    expect(sorts(lines)).toEqual([]);
    expect(fullScan(lines)).toEqual([]);
  });

  it('reads in-doubt attempts from their partial index', () => {
    const lines = plan({ sql: inDoubtSql, params: {} });
    expect(lines).toEqual(['SCAN attempts USING INDEX attempts_in_doubt']);
  });
});
