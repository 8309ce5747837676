import { describe, expect, it } from 'vitest';
import { shiftReportSql } from '../../../main/core/shifts/report-queries';
import { journalPlans } from '../journal/journal-plans';

/**
 * SQLite's own account of how it runs each statement of an X or Z report on the real
 * schema. A report of 100,000 entries must read the shift's rows once, from an index, and
 * nothing of the shifts before it: a sort of the shift's rows (a temporary B-tree) or a
 * scan of the ledger, attempts or links would pass on test data and cost seconds on a
 * merchant's journal of years.
 */

const plan = journalPlans();

describe('shift report query plans', () => {
  it.each(Object.entries(shiftReportSql))('%s: no sort, no scan of a growing table', (_n, sql) => {
    const lines = plan(sql);
    expect(lines.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
    // A SCAN is allowed only of the recursive key walk and of partial indexes that hold only
    // what is open now (payments in doubt, holds standing).
    expect(
      lines.filter(
        (line) =>
          /^SCAN /.test(line) &&
          !/^SCAN keys$/.test(line) &&
          !/USING INDEX (attempts_in_doubt|attempts_holding|shifts_one_open)$/.test(line),
      ),
    ).toEqual([]);
  });

  it('sums each group of the shift from ledger_by_group over its entry range only', () => {
    const lines = plan(shiftReportSql.groups);
    const sums = lines.filter((line) => line.includes('ledger_by_group (<expr>=?'));
    expect(sums).toEqual([
      'SEARCH ledger USING COVERING INDEX ledger_by_group (<expr>=? AND entry_id>? AND entry_id<?)',
      'SEARCH ledger USING COVERING INDEX ledger_by_group (<expr>=? AND entry_id>? AND entry_id<?)',
    ]);
    // The next key is one seek past the current one, never a walk over the rows between.
    expect(lines).toContain('SEARCH ledger USING COVERING INDEX ledger_by_group (<expr>>?)');
  });

  it('reads the late, adopted and self-approved lines within the shift range', () => {
    expect(plan(shiftReportSql.late)).toEqual([
      'SEARCH ledger USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)',
    ]);
    for (const sql of [shiftReportSql.adopted, shiftReportSql.selfApproved]) {
      expect(plan(sql)).toEqual([
        'SEARCH ledger USING INDEX ledger_by_kind (kind=? AND entry_id>? AND entry_id<?)',
      ]);
    }
  });
});
