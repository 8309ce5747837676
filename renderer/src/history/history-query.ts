import type { AttemptStatus, HistoryFilters } from '../../../shared/ipc';
import { parseAmount } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import { dayStart, periodDays, type Period } from './period';

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

// A decimal point (or comma) marks an amount: '12.50'. Plain digits stay text, since '0008'
// is more likely the last 4 of a card and references and order ids contain digits too.
const amountLike = /^\d+[.,]\d+$/;

/**
 * The journal filters for what the operator typed. Dates are whole local days, inclusive at
 * both ends; an amount is read in `currency` (the default currency) as minor units.
 */
export function toHistoryFilters(
  query: HistoryQuery,
  currency: Currency,
  now: Date = new Date(),
): HistoryFilters {
  const filters: HistoryFilters = {};
  const text = query.text.trim();
  const amount = amountLike.test(text) ? parseAmount(text.replace(',', '.'), currency) : null;
  if (amount?.ok) filters.amountMinor = amount.value;
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
