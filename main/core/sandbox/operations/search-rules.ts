import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes } from '../codes';
import type { FieldError } from '../problem-details';
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

/** A checked order search: the creation-time window is whole UTC days, both ends included. */
export interface OrderSearch {
  readonly merchantReferenceId: string | undefined;
  readonly status: string | undefined;
  readonly detailedStatuses: readonly string[];
  /** Epoch ms of the first day's start, or undefined. */
  readonly from: number | undefined;
  /** Epoch ms just after the last day's end, or undefined. */
  readonly until: number | undefined;
  readonly skip: number;
  readonly take: number;
}

const dayMs = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

// A calendar day as UTC midnight; null when the text is not a real yyyy-MM-dd day.
const dayStart = (text: string): number | null => {
  const match = dayPattern.exec(text);
  if (!match) return null;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).toISOString().slice(0, 10) === text ? at : null;
};

const wholeNumber = (text: string | undefined, fallback: number): number | null => {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
};

/**
 * The search's query, names in any case (ASP.NET binds them so). The date filters take whole
 * days only (GATEWAY-MORE.md §1.2: the official sample sends yyyy-MM-dd): a time of day is
 * refused rather than silently cut, so a client filters on the orders' own times itself.
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
  const fromDay = from === undefined ? undefined : dayStart(from);
  const toDay = to === undefined ? undefined : dayStart(to);
  if (fromDay === null)
    refuse('fromDate', gatewayCodes.searchDateNotDay, 'The value must be a day, yyyy-MM-dd.');
  if (toDay === null)
    refuse('toDate', gatewayCodes.searchDateNotDay, 'The value must be a day, yyyy-MM-dd.');
  if (typeof fromDay === 'number' && typeof toDay === 'number' && fromDay > toDay)
    refuse('fromDate', gatewayCodes.searchDateNotDay, 'FromDate is after ToDate.');

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
    from: fromDay ?? undefined,
    until: typeof toDay === 'number' ? toDay + dayMs : undefined,
    skip: skip ?? 0,
    take: take ?? 20,
  });
};
