import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';
import { bindDateTime } from '../rules/date-time-binder';
import { orderStatusOf } from '../shapes/order-shape';
import type { DetailedStatus } from '../state';

/** Every detailed status the sandbox can give an order (state.ts), for the filter check. */
const detailedStatuses: readonly DetailedStatus[] = [
  'Initiated',
  'Authenticated',
  'AuthenticationFailed',
  'Authorized',
  'Captured',
  'Paid',
  'PayFailed',
  'Refunded',
  'PartiallyRefunded',
  'Cancelled',
  'ClientTimedOut',
  'ServerTimedOut',
  'Reversed',
];
const orderStatuses = new Set(detailedStatuses.map(orderStatusOf));

/**
 * A checked order search: the creation-time window, both ends included (a day as `ToDate`
 * includes the whole day).
 */
export interface OrderSearch {
  readonly merchantReferenceId: string | undefined;
  readonly status: string | undefined;
  readonly detailedStatuses: readonly string[];
  /** Epoch ms of `FromDate` (a day: its start), or undefined. */
  readonly from: number | undefined;
  /** Epoch ms just after `ToDate` (a day: its end), or undefined. */
  readonly until: number | undefined;
  readonly skip: number;
  readonly take: number;
}

const dayMs = 86_400_000;

const wholeNumber = (text: string | undefined, fallback: number): number | null => {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * The search's query, names in any case (ASP.NET binds them so). The date filters take what
 * the gateway's date-time binder takes (rules/date-time-binder.ts); anything else is refused.
 * `detailedStatuses` repeats, one value per parameter; `detailedStatus` is read as one more.
 */
export const checkOrderSearch = (query: URLSearchParams): Result<OrderSearch, FieldError[]> => {
  const values = new Map<string, string[]>();
  for (const [name, value] of query) {
    const key = name.toLowerCase();
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const last = (name: string) => values.get(name)?.at(-1);
  const errors: FieldError[] = [];
  const refuse = (field: string, code: FieldError['code'], message: string) =>
    errors.push({ field, code, message });

  const from = last('fromdate');
  const to = last('todate');
  const fromAt = from === undefined ? undefined : bindDateTime(from);
  const toAt = to === undefined ? undefined : bindDateTime(to);
  const notDateTime = 'The value must be a date or an ISO 8601 date-time.';
  if (fromAt === null) refuse('fromDate', gatewayCodes.searchDateInvalid, notDateTime);
  if (toAt === null) refuse('toDate', gatewayCodes.searchDateInvalid, notDateTime);
  const fromMs = fromAt ? (fromAt.kind === 'day' ? fromAt.start : fromAt.at) : undefined;
  const untilMs = toAt ? (toAt.kind === 'day' ? toAt.start + dayMs : toAt.at + 1) : undefined;
  if (fromMs !== undefined && untilMs !== undefined && fromMs >= untilMs)
    refuse('fromDate', gatewayCodes.searchDateInvalid, 'FromDate is after ToDate.');

  const skip = wholeNumber(last('skip'), 0);
  const take = wholeNumber(last('take'), 20);
  if (skip === null) refuse('skip', gatewayCodes.searchPaging, 'Skip must be 0 or more.');
  if (take === null || take < 1 || take > 100)
    refuse('take', gatewayCodes.searchPaging, 'Take must be between 1 and 100.');

  const status = last('status');
  if (status !== undefined && !orderStatuses.has(status as never))
    refuse('status', gatewayCodes.searchStatus, 'Status must be Success, InProgress or Failed.');
  const detailed = [
    ...(values.get('detailedstatuses') ?? []),
    ...(values.get('detailedstatus') ?? []),
  ];
  for (const value of detailed) {
    if (!detailedStatuses.includes(value as DetailedStatus))
      refuse('detailedStatuses', gatewayCodes.searchStatus, `Unknown detailed status ${value}.`);
  }

  if (errors.length > 0) return err(errors);
  return ok({
    merchantReferenceId: last('merchantreferenceid'),
    status,
    detailedStatuses: detailed,
    from: fromMs,
    until: untilMs,
    skip: skip ?? 0,
    take: take ?? 20,
  });
};
