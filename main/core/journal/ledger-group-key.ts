/**
 * A ledger row's report group in one text value: currency, kind, source, brand and operator
 * joined by the unit separator (char 31), brand and operator '' when null (neither is ever ''
 * otherwise). The index `ledger_by_group` (migration 13) is built on this exact expression
 * and SQLite uses it only where a query repeats it word for word, so both take it from here.
 */
export const ledgerGroupKey = `(currency || char(31) || kind || char(31) || source || char(31) ||
  coalesce(brand, '') || char(31) || coalesce(operator_id, ''))`;
