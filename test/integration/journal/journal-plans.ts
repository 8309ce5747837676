import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterAll, beforeAll } from 'vitest';
import { tempJournal } from './temp-journal';

/**
 * SQLite's own account of how it would run a statement on the journal's real schema (an
 * empty journal made for the test file, read through a connection of its own): one line per
 * step, e.g. `SEARCH attempts USING COVERING INDEX attempts_by_time (created_at>?)`. A full
 * scan or a sort of every match passes on test data and takes seconds on a merchant's
 * journal of years; only the plan shows it.
 */
export function journalPlans(): (
  sql: string,
  named?: Record<string, SQLInputValue>,
  ...anonymous: SQLInputValue[]
) => string[] {
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
  return (sql, named = {}, ...anonymous) =>
    db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all(named, ...anonymous)
      .map((row) => String(row.detail));
}
