import type { AttemptStatus, HistoryFilters } from '../../../shared/ipc';
import { parseAmount } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';

/** The history screen's search box and filters, as typed. */
export interface HistoryQuery {
  text: string;
  /** Empty: every status. */
  status: AttemptStatus | '';
  /** `YYYY-MM-DD` from a date input, or empty. */
  from: string;
  to: string;
}

export const emptyQuery: HistoryQuery = { text: '', status: '', from: '', to: '' };

// A decimal point (or comma) marks an amount: '12.50'. Plain digits stay text, since '0008'
// is more likely the last 4 of a card and references and order ids contain digits too.
const amountLike = /^\d+[.,]\d+$/;

/** Local midnight of a `YYYY-MM-DD` day, plus `days`; null for anything else. */
function dayStart(day: string, days = 0): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).getTime();
}

/**
 * The journal filters for what the operator typed. Dates are whole local days, inclusive at
 * both ends; an amount is read in `currency` (the default currency) as minor units.
 */
export function toHistoryFilters(query: HistoryQuery, currency: Currency): HistoryFilters {
  const filters: HistoryFilters = {};
  const text = query.text.trim();
  const amount = amountLike.test(text) ? parseAmount(text.replace(',', '.'), currency) : null;
  if (amount?.ok) filters.amountMinor = amount.value;
  else if (text !== '') filters.text = text;
  if (query.status !== '') filters.statuses = [query.status];
  const from = dayStart(query.from);
  if (from !== null) filters.fromMs = from;
  const nextDay = dayStart(query.to, 1);
  if (nextDay !== null) filters.toMs = nextDay - 1;
  return filters;
}
