import type { AttemptStatus, HistoryFilters } from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';
import { dayStart, periodDays, type Period } from './period';
import { readPrintedAmount } from './printed-amount';

/** The history screen's search box and filters, as typed. */
export interface HistoryQuery {
  text: string;
  /** Empty: every status. */
  status: AttemptStatus | '';
  period: Period;
  /** For the custom period: `YYYY-MM-DD` as typed, or empty for an open end. */
  from: string;
  to: string;
}

export const emptyQuery: HistoryQuery = {
  text: '',
  status: '',
  period: 'any',
  from: '',
  to: '',
};

/**
 * The journal filters for what the operator typed. Dates are whole local days, inclusive at
 * both ends; an amount, as printed in either language, is read in `currency` (the default
 * currency) as minor units.
 */
export function toHistoryFilters(
  query: HistoryQuery,
  currency: Currency,
  now: Date = new Date(),
): HistoryFilters {
  const filters: HistoryFilters = {};
  const text = query.text.trim();
  const amount = readPrintedAmount(text, currency);
  if (amount !== null) filters.amountMinor = amount;
  else if (text !== '') filters.text = text;
  if (query.status !== '') filters.statuses = [query.status];
  const days = query.period === 'custom' ? query : periodDays(query.period, now);
  if (!days) return filters;
  const from = dayStart(days.from);
  if (from !== null) filters.fromMs = from;
  const nextDay = dayStart(days.to, 1);
  if (nextDay !== null) filters.toMs = nextDay - 1;
  return filters;
}
