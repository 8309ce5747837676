import type { Migration } from '../../platform/migrate';

/**
 * A ledger row's report group in one text value: currency, kind, source, brand and operator
 * joined by the unit separator (char 31), brand and operator '' when null (neither is ever ''
 * otherwise). The index `ledger_by_group` below is built on this exact expression and SQLite
 * uses it only where a query repeats it word for word, so the report's queries take it from
 * here; it is part of this step's SQL, so it never changes (a new grouping is a new index in
 * a new step).
 */
export const ledgerGroupKey = `(currency || char(31) || kind || char(31) || source || char(31) ||
  coalesce(brand, '') || char(31) || coalesce(operator_id, ''))`;

export const shiftReportIndexes: Migration = {
  version: 13,
  name: 'shift report indexes',
  // The report's one pass: each distinct group key (currency, kind, source, brand,
  // operator) is found by a seek and summed over the shift's entry range from this index
  // alone, so no sort of the shift's rows and no read of another shift's (report-queries.ts).
  // Holds still open are read from the attempts that hold money now, whatever shift their
  // ledger row is in.
  sql: `
      CREATE INDEX ledger_by_group ON ledger (${ledgerGroupKey}, entry_id, amount_minor);
      CREATE INDEX attempts_holding ON attempts (held_at)
        WHERE state IN ('authorized', 'capture-sent', 'release-sent');
    `,
};
