import { describe, expect, it } from 'vitest';
import type { HistoryFilters } from '../../../shared/ipc';
import {
  anyLast4Sql,
  historyArms,
  normaliseFilters,
  operatorCountQuery,
  prefixColumns,
  prefixCountQuery,
  referencePartArm,
  statusCountQuery,
  summaryByRowidSql,
  timeSpanSql,
  type Arm,
  type HistoryQuery,
  type Walk,
} from '../../../main/core/journal/history-sql';
import { inDoubtSql } from '../../../main/core/journal/sqlite-journal';
import { journalPlans } from './journal-plans';

/**
 * SQLite's own account of how it runs each history query on the real schema. A full scan
 * of attempts, or a sort of every match, would pass on small test data and take seconds on
 * a merchant's ten million rows; only the plan shows it. Every filter combination the
 * History screen offers is checked, each arm of each.
 */

const explain = journalPlans();
const plan = (query: HistoryQuery, extra: Record<string, number> = {}) =>
  explain(query.sql, { ...query.params, ...extra });

const armPlan = (arm: Arm) =>
  plan(
    arm,
    arm.kind === 'ordered'
      ? { limit: 51 }
      : arm.kind === 'by-day'
        ? { firstDay: 20_000, lastDay: 20_100 }
        : {},
  );

const dayWalks: Walk = { operatorLed: false, statusLed: false, narrow: [] };
const statusLed: Walk = { ...dayWalks, statusLed: true };
const narrowWalks: Walk = { ...dayWalks, narrow: prefixColumns.map((p) => p.index) };
const operatorLed: Walk = { ...dayWalks, operatorLed: true };

/** The one line that reads attempts; anything else reading it would be a second pass. */
const attemptsLines = (lines: string[]) => lines.filter((line) => / attempts\b/.test(line));

const texts = [undefined, 'INV-00', '4242'];
const statusLists = [undefined, ['paid'], ['in-doubt', 'voided']] as const;
const amounts = [undefined, 12_345];
const dateRanges = [{}, { fromMs: 1_700_000_000_000, toMs: 1_750_000_000_000 }];
// History's operator filter, and what main forces for a cashier (their own history).
const operators = [undefined, 'cashier-7'];
const cursors = [null, { createdAt: 1_740_000_000_000, attemptId: 'a' }];

const matrix: { filters: HistoryFilters; cursor: (typeof cursors)[number] }[] = [];
for (const text of texts)
  for (const statuses of statusLists)
    for (const amountMinor of amounts)
      for (const dates of dateRanges)
        for (const operatorId of operators)
          for (const cursor of cursors)
            matrix.push({
              filters: {
                ...(text === undefined ? {} : { text }),
                ...(statuses === undefined ? {} : { statuses: [...statuses] }),
                ...(amountMinor === undefined ? {} : { amountMinor }),
                ...dates,
                ...(operatorId === undefined ? {} : { operatorId }),
              },
              cursor,
            });

describe('history query plans', () => {
  it.each(matrix)('reads $filters (cursor $cursor) from indexes alone, in order', (entry) => {
    const filters = normaliseFilters(entry.filters);
    const walks =
      filters.text === null
        ? [dayWalks]
        : [dayWalks, narrowWalks, ...(filters.statuses.length > 0 ? [statusLed] : [])];
    if (filters.operatorId !== null) walks.push(operatorLed);
    for (const walk of walks) {
      for (const arm of historyArms(filters, entry.cursor, walk)) {
        const lines = armPlan(arm);
        expect(lines.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
        const reads = attemptsLines(lines);
        expect(reads).toHaveLength(1);
        // The newest page of everything walks the time index from its top: in order and
        // stopped by LIMIT, the one SCAN that reads no more than the page.
        if (reads[0]?.startsWith('SCAN')) {
          expect([reads[0], arm.kind]).toEqual([
            'SCAN attempts USING INDEX attempts_by_time',
            'ordered',
          ]);
        } else {
          expect(reads[0]).toMatch(/^SEARCH attempts USING (COVERING )?INDEX attempts_by_\w+ \(/);
        }
      }
    }
  });

  it.each<[HistoryFilters, string[]]>([
    [{}, ['attempts_by_time (created_at<?)']],
    [
      { statuses: ['paid', 'declined'] },
      Array(2).fill('attempts_by_status (status=? AND created_at<?)'),
    ],
    [{ amountMinor: 5 }, ['attempts_by_amount (amount_minor=? AND created_at<?)']],
    [
      { statuses: ['paid'], amountMinor: 5 },
      ['attempts_by_status_amount (status=? AND amount_minor=? AND created_at<?)'],
    ],
    [
      { text: 'inv', amountMinor: 5 },
      [
        'attempts_by_day_reference (<expr>=? AND <expr>>? AND <expr><?)',
        'attempts_by_day_order (<expr>=? AND <expr>>? AND <expr><?)',
      ],
    ],
    [{ operatorId: 'c1' }, ['attempts_by_operator (operator_id=? AND created_at<?)']],
    [
      { operatorId: 'c1', statuses: ['paid', 'declined'] },
      Array(2).fill('attempts_by_operator_status (operator_id=? AND status=? AND created_at<?)'),
    ],
    [
      { operatorId: 'c1', amountMinor: 5 },
      ['attempts_by_amount (amount_minor=? AND created_at<?)'],
    ],
    [
      { operatorId: 'c1', statuses: ['paid'], amountMinor: 5 },
      ['attempts_by_status_amount (status=? AND amount_minor=? AND created_at<?)'],
    ],
    [
      { text: '4242', statuses: ['paid'] },
      [
        'attempts_by_day_reference (<expr>=? AND <expr>>? AND <expr><?)',
        'attempts_by_day_order (<expr>=? AND <expr>>? AND <expr><?)',
        'attempts_by_last4 (last4=? AND created_at<?)',
      ],
    ],
  ])('walks the index that serves %j', (input, indexes) => {
    const arms = historyArms(normaliseFilters(input), cursors[1] ?? null, dayWalks);
    expect(arms.map((arm) => attemptsLines(armPlan(arm))[0])).toEqual(
      indexes.map((index) => `SEARCH attempts USING INDEX ${index}`),
    );
  });

  it('walks rare statuses by their own index when text is searched with them', () => {
    const arms = historyArms(
      normaliseFilters({ text: 'inv', statuses: ['in-doubt'] }),
      null,
      statusLed,
    );
    expect(arms.map((arm) => attemptsLines(armPlan(arm)))).toEqual([
      ['SEARCH attempts USING INDEX attempts_by_status (status=?)'],
    ]);
  });

  it('walks a rare operator’s own rows in order, whatever else is filtered', () => {
    for (const filters of [
      { operatorId: 'c1', text: 'inv', statuses: ['paid' as const], amountMinor: 5 },
      { operatorId: 'c1', text: '4242' },
      { operatorId: 'c1', amountMinor: 5, fromMs: 1 },
    ]) {
      const arms = historyArms(normaliseFilters(filters), cursors[1] ?? null, operatorLed);
      const reads = arms.map((arm) => attemptsLines(armPlan(arm)));
      expect(reads).toEqual([[expect.any(String)]]);
      expect(reads[0]?.[0]).toMatch(
        /^SEARCH attempts USING INDEX attempts_by_operator \(operator_id=\? AND (created_at>\? AND )?created_at<\?\)$/,
      );
    }
    const count = operatorCountQuery(normaliseFilters({ operatorId: 'c1', fromMs: 1 }), null);
    expect(attemptsLines(plan(count, { cap: 2001 }))).toEqual([
      'SEARCH attempts USING COVERING INDEX attempts_by_operator (operator_id=? AND created_at>?)',
    ]);
  });

  it('reads a narrow prefix as positions from covering indexes, and its page by rowid', () => {
    const arms = historyArms(
      normaliseFilters({
        text: 'inv-00',
        statuses: ['paid'],
        amountMinor: 5,
        fromMs: 1,
        operatorId: 'c1',
      }),
      cursors[1] ?? null,
      narrowWalks,
    );
    expect(arms.map((arm) => attemptsLines(armPlan(arm))[0])).toEqual([
      'SEARCH attempts USING COVERING INDEX attempts_by_reference (<expr>>? AND <expr><?)',
      'SEARCH attempts USING COVERING INDEX attempts_by_order (<expr>>? AND <expr><?)',
    ]);
    for (const prefix of prefixColumns) {
      expect(plan(prefixCountQuery(prefix, 'inv'), { cap: 2001 })).toContain(
        `SEARCH attempts USING COVERING INDEX ${prefix.index} (<expr>>? AND <expr><?)`,
      );
    }
    expect(explain(summaryByRowidSql, {}, 1)).toEqual([
      'SEARCH attempts USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it('asks whether any card ends in 4 digits from the last-4 index alone', () => {
    expect(attemptsLines(explain(anyLast4Sql, {}, '4242'))).toEqual([
      'SEARCH attempts USING COVERING INDEX attempts_by_last4 (last4=?)',
    ]);
  });

  it('walks a part of a reference day by day in the day index', () => {
    for (const cursor of cursors) {
      const arm = referencePartArm(
        normaliseFilters({ text: 'FC3A', statuses: ['paid'], amountMinor: 5, fromMs: 1 }),
        cursor,
      );
      expect(attemptsLines(armPlan(arm))).toEqual([
        'SEARCH attempts USING INDEX attempts_by_day_reference (<expr>=?)',
      ]);
    }
  });

  it('counts a status and finds the journal span from indexes alone', () => {
    const count = statusCountQuery(normaliseFilters({ fromMs: 1 }), null);
    expect(attemptsLines(plan(count, { status: 0, cap: 2001 }))).toEqual([
      'SEARCH attempts USING COVERING INDEX attempts_by_status (status=? AND created_at>?)',
    ]);
    expect(attemptsLines(plan({ sql: timeSpanSql, params: {} }))).toEqual([
      'SCAN attempts USING COVERING INDEX attempts_by_time',
      'SCAN attempts USING COVERING INDEX attempts_by_time',
    ]);
  });

  it('reads in-doubt attempts from their partial index', () => {
    const lines = plan({ sql: inDoubtSql, params: {} });
    expect(lines).toEqual(['SCAN attempts USING INDEX attempts_in_doubt']);
  });
});
