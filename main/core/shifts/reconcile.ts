import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { minorFromGatewayAmount } from '../../../shared/money/amount';
import { currencies, type Currency } from '../../../shared/money/currencies';
import type { Difference, Reconciliation } from '../../../shared/ipc-shifts';
import type { GatewayResult } from '../gateway/gateway-error';
import {
  createdAtOf,
  type OrderSearchPage,
  type OrderSearchQuery,
  type SearchedOrder,
} from '../gateway/order-search';
import { detailedStatusVerdicts } from '../payments/order-state';

/** The gateway's answer in one word: money taken, held, none, or still moving. */
type MoneyState = 'paid' | 'held' | 'not-paid' | 'pending' | 'reversed';

export type SearchOrders = (
  query: OrderSearchQuery,
  signal?: AbortSignal,
) => Promise<GatewayResult<OrderSearchPage>>;

const pageSize = 100;
const currencySchema = z.enum(currencies);

/** yyyy-MM-dd (UTC) of every day the window touches: the search takes whole days only. */
const dayOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/**
 * Every gateway order created in [from, until]: the whole days around the window, page by
 * page (take 100, until `totalCount`), then filtered on the orders' own creation times.
 * Orders that move between pages while we read are kept once (by id).
 */
export async function gatewayOrdersIn(
  search: SearchOrders,
  window: { from: number; until: number },
  signal?: AbortSignal,
): Promise<GatewayResult<SearchedOrder[]>> {
  const byId = new Map<string, SearchedOrder>();
  const days = { fromDay: dayOf(window.from), toDay: dayOf(Math.max(window.from, window.until)) };
  for (let skip = 0, total = 1; skip < total; skip += pageSize) {
    const page = await search({ ...days, skip, take: pageSize }, signal);
    if (!page.ok) return page;
    total = page.value.totalCount;
    if (page.value.orders.length === 0) break;
    for (const order of page.value.orders) {
      const at = createdAtOf(order);
      if (at >= window.from && at <= window.until) byId.set(order.orderId.toLowerCase(), order);
    }
  }
  return { ok: true, value: [...byId.values()], correlationId: null };
}

const gatewayState = (order: SearchedOrder): MoneyState =>
  Object.hasOwn(detailedStatusVerdicts, order.detailedStatus)
    ? detailedStatusVerdicts[order.detailedStatus as keyof typeof detailedStatusVerdicts]
    : 'pending';

/** The journal's side of one order: an attempt, or a link's ledger outcome. */
interface JournalSide {
  attemptId: string | null;
  orderId: string | null;
  merchantReferenceId: string;
  amountMinor: number;
  currency: Currency;
  /** paid / not-paid / reversed, or null while the journal itself is still waiting. */
  state: MoneyState | null;
  refundedMinor: number;
  journalKind: string;
}

const attemptRow = z.object({
  attemptId: z.string(),
  orderId: z.string().nullable(),
  merchantReferenceId: z.string(),
  amountMinor: z.coerce.number().int(),
  currency: currencySchema,
  status: z.string(),
  refundedMinor: z.coerce.number().int(),
});

const attemptStates: Partial<Record<string, MoneyState>> = {
  paid: 'paid',
  refunded: 'paid',
  'partially-refunded': 'paid',
  declined: 'not-paid',
  'authentication-failed': 'not-paid',
  cancelled: 'not-paid',
  expired: 'not-paid',
  rejected: 'not-paid',
  error: 'not-paid',
  voided: 'reversed',
};

const attemptColumns = `attempt_id AS attemptId, order_id AS orderId,
  merchant_reference_id AS merchantReferenceId, amount_minor AS amountMinor, currency, status,
  refunded_minor AS refundedMinor`;

const fromAttempt = (row: unknown): JournalSide => {
  const attempt = attemptRow.parse(row);
  return {
    ...attempt,
    state: attemptStates[attempt.status] ?? null,
    journalKind: attempt.status,
  };
};

const linkRow = z.object({
  recordId: z.string(),
  orderId: z.string().nullable(),
  merchantReferenceId: z.string().nullable(),
  amountMinor: z.coerce.number().int(),
  currency: currencySchema,
  kind: z.string(),
});

/**
 * The journal's reads for matching: by order id (attempts, then links' ledger outcomes,
 * since a link's order is one of its intent's orders), then by merchant reference.
 */
function journalLookups(db: DatabaseSync) {
  const byOrder = db.prepare(
    `SELECT ${attemptColumns} FROM attempts WHERE lower(order_id) = lower(?) LIMIT 1`,
  );
  const byReference = db.prepare(
    `SELECT ${attemptColumns} FROM attempts WHERE lower(merchant_reference_id) = lower(?)
     ORDER BY created_at DESC LIMIT 1`,
  );
  const linkByOrder = db.prepare(
    `SELECT record_id AS recordId, order_id AS orderId,
       merchant_reference_id AS merchantReferenceId, amount_minor AS amountMinor, currency, kind
     FROM ledger WHERE lower(order_id) = lower(?) AND source = 'link' AND kind = 'sale' LIMIT 1`,
  );
  const adopted = db.prepare(
    `SELECT 1 FROM ledger WHERE kind = 'adopted' AND lower(order_id) = lower(?) LIMIT 1`,
  );
  return {
    match(order: SearchedOrder): JournalSide | null {
      const attempt = byOrder.get(order.orderId);
      if (attempt) return fromAttempt(attempt);
      const link = linkByOrder.get(order.orderId);
      if (link) {
        const entry = linkRow.parse(link);
        return {
          attemptId: null,
          orderId: entry.orderId,
          merchantReferenceId: entry.merchantReferenceId ?? '',
          amountMinor: entry.amountMinor,
          currency: entry.currency,
          state: 'paid',
          refundedMinor: 0,
          journalKind: 'link-paid',
        };
      }
      if (!order.merchantReferenceId) return null;
      const byRef = byReference.get(order.merchantReferenceId);
      return byRef ? fromAttempt(byRef) : null;
    },
    adopted: (orderId: string) => adopted.get(orderId) !== undefined,
    /** The journal's sales with money taken in the window, to find those the gateway lacks. */
    paidIn: (window: { from: number; until: number }) =>
      db
        .prepare(
          `SELECT ${attemptColumns} FROM attempts
           WHERE created_at >= ? AND created_at <= ? AND order_id IS NOT NULL
             AND status IN ('paid', 'refunded', 'partially-refunded')`,
        )
        .all(window.from, window.until)
        .map(fromAttempt),
  };
}

const gatewayMinor = (amount: number, currency: Currency): number | null => {
  const minor = minorFromGatewayAmount(amount, currency);
  return minor.ok ? minor.value : null;
};

/**
 * Compares one gateway order with the journal's side of it. A gateway order with no money
 * moved and no journal record is no difference (an abandoned checkout); anything still
 * moving on either side is left to settlement.
 */
function compare(
  order: SearchedOrder,
  mine: JournalSide | null,
): Omit<Difference, 'adopted'> | null {
  const currency = currencySchema.safeParse(order.currency);
  if (!currency.success) return null;
  const state = gatewayState(order);
  const amount = gatewayMinor(order.amount, currency.data) ?? 0;
  const refunded = gatewayMinor(order.totalRefundedAmount, currency.data) ?? 0;
  const base = {
    orderId: order.orderId,
    merchantReferenceId: order.merchantReferenceId,
    currency: currency.data,
    gatewayStatus: order.detailedStatus,
    gatewayAmountMinor: amount,
    journalKind: mine?.journalKind ?? null,
    journalAmountMinor: mine?.amountMinor ?? null,
    attemptId: mine?.attemptId ?? null,
  };
  if (mine === null) {
    if (state !== 'paid' && state !== 'held') return null;
    return {
      ...base,
      kind: 'gateway-only',
      action: 'adopt-gateway',
      effect: state === 'paid' ? 'taken' : 'none',
      effectMinor: state === 'paid' ? amount - refunded : 0,
    };
  }
  if (state === 'pending' || mine.state === null) return null;
  if (mine.amountMinor !== amount) {
    return {
      ...base,
      kind: 'amount-differs',
      action: 'check-attempt',
      effect: 'none',
      effectMinor: 0,
    };
  }
  if (state === 'paid' && mine.state !== 'paid') {
    return {
      ...base,
      kind: 'status-differs',
      action: 'adopt-gateway',
      effect: 'taken',
      effectMinor: amount - refunded,
    };
  }
  if (state !== 'paid' && mine.state === 'paid') {
    const kept = amount - mine.refundedMinor;
    return {
      ...base,
      kind: 'status-differs',
      action: 'check-attempt',
      effect: 'returned',
      effectMinor: kept,
    };
  }
  if (state === 'paid' && refunded !== mine.refundedMinor) {
    const more = refunded - mine.refundedMinor;
    return {
      ...base,
      kind: 'status-differs',
      action: 'check-refund',
      effect: more > 0 ? 'returned' : 'taken',
      effectMinor: Math.abs(more),
    };
  }
  return null;
}

/**
 * Reconciles the window with the gateway (issue 18): every gateway order of the window is
 * matched by order id (a link's: its intent's order), then by merchant reference, and
 * compared; the journal's paid sales the gateway did not list are differences too. The
 * gateway unreachable (or answering what we cannot read) is "not reconciled", never a guess.
 */
export async function reconcile(deps: {
  search: SearchOrders;
  db: DatabaseSync;
  window: { from: number; until: number };
  now: () => number;
  signal?: AbortSignal;
}): Promise<Reconciliation> {
  const fetched = await gatewayOrdersIn(deps.search, deps.window, deps.signal);
  if (!fetched.ok) {
    return { state: 'not-reconciled', at: deps.now(), reason: fetched.error.kind };
  }
  const lookups = journalLookups(deps.db);
  const differences: Difference[] = [];
  const listed = new Set<string>();
  for (const order of fetched.value) {
    const mine = lookups.match(order);
    if (mine?.attemptId) listed.add(mine.attemptId);
    const difference = compare(order, mine);
    if (difference) differences.push({ ...difference, adopted: lookups.adopted(order.orderId) });
  }
  for (const mine of lookups.paidIn(deps.window)) {
    if (mine.attemptId === null || listed.has(mine.attemptId)) continue;
    differences.push({
      kind: 'journal-only',
      orderId: mine.orderId,
      merchantReferenceId: mine.merchantReferenceId,
      currency: mine.currency,
      gatewayStatus: null,
      gatewayAmountMinor: null,
      journalKind: mine.journalKind,
      journalAmountMinor: mine.amountMinor,
      attemptId: mine.attemptId,
      action: 'check-attempt',
      effect: 'none',
      effectMinor: 0,
      adopted: mine.orderId !== null && lookups.adopted(mine.orderId),
    });
  }
  return { state: 'reconciled', at: deps.now(), orders: fetched.value.length, differences };
}
