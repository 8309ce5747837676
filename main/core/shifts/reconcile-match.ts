import { z } from 'zod';
import type { Difference } from '../../../shared/ipc-shifts';
import { minorFromGatewayAmount } from '../../../shared/money/amount';
import { currencies, type Currency } from '../../../shared/money/currencies';
import { createdAtOf, type SearchedOrder } from '../gateway/order-search';
import { maskedCard } from '../journal/card-data-guard';
import { detailedStatusVerdicts } from '../payments/order-state';
import type { Prepare } from './report-queries';

/**
 * Reconciliation's journal side, run on the journal reader thread
 * (reader-queries/reconcile-orders.ts): each gateway order of the window is matched and
 * compared with the journal's record of it.
 */

/** The gateway's answer in one word: money taken, held, none, or still moving. */
type MoneyState = 'paid' | 'held' | 'not-paid' | 'pending' | 'reversed';

const currencySchema = z.enum(currencies);

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
  createdAt: number;
  maskedCard: string | null;
  brand: string | null;
}

const attemptRow = z.object({
  attemptId: z.string(),
  orderId: z.string().nullable(),
  merchantReferenceId: z.string(),
  amountMinor: z.coerce.number().int(),
  currency: currencySchema,
  status: z.string(),
  refundedMinor: z.coerce.number().int(),
  createdAt: z.coerce.number().int(),
  first6: z.string(),
  last4: z.string(),
  cardLength: z.coerce.number().int(),
  brand: z.string().nullable(),
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
  refunded_minor AS refundedMinor, created_at AS createdAt, first6, last4,
  card_length AS cardLength, brand`;

const fromAttempt = (row: unknown): JournalSide => {
  const { first6, last4, cardLength, ...attempt } = attemptRow.parse(row);
  return {
    ...attempt,
    maskedCard: maskedCard(first6, last4, cardLength),
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
  createdAt: z.coerce.number().int(),
  brand: z.string().nullable(),
});

/**
 * The journal's reads for matching: by order id (attempts, then links' ledger outcomes,
 * since a link's order is one of its intent's orders), then by merchant reference.
 */
function journalLookups(prepare: Prepare) {
  const byOrder = prepare(
    `SELECT ${attemptColumns} FROM attempts WHERE lower(order_id) = lower(?) LIMIT 1`,
  );
  const byReference = prepare(
    `SELECT ${attemptColumns} FROM attempts WHERE lower(merchant_reference_id) = lower(?)
     ORDER BY created_at DESC LIMIT 1`,
  );
  const linkByOrder = prepare(
    `SELECT record_id AS recordId, order_id AS orderId,
       merchant_reference_id AS merchantReferenceId, amount_minor AS amountMinor, currency, kind,
       record_created_at AS createdAt, brand
     FROM ledger WHERE lower(order_id) = lower(?) AND source = 'link' AND kind = 'sale' LIMIT 1`,
  );
  const adopted = prepare(
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
          createdAt: entry.createdAt,
          maskedCard: null,
          brand: entry.brand,
        };
      }
      if (!order.merchantReferenceId) return null;
      const byRef = byReference.get(order.merchantReferenceId);
      return byRef ? fromAttempt(byRef) : null;
    },
    adopted: (orderId: string) => adopted.get(orderId) !== undefined,
    /** The journal's sales with money taken in the window, to find those the gateway lacks. */
    paidIn: (window: { from: number; until: number }) =>
      prepare(
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

/** The gateway's card mask, kept only in the first 6 + last 4 shape (never anything longer). */
const gatewayMask = (order: SearchedOrder): string | null => {
  const masked = order.paymentMethod?.maskedCardNumber ?? null;
  return masked !== null && /^\d{6}\*{2,9}\d{4}$/.test(masked) ? masked : null;
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
    createdAt: mine?.createdAt ?? createdAtOf(order),
    maskedCard: mine?.maskedCard ?? gatewayMask(order),
    brand: mine?.brand ?? order.paymentMethod?.brand?.slice(0, 32) ?? null,
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
 * The differences between the gateway's orders of the window and the journal: every order
 * matched by order id (a link's: its intent's order), then by merchant reference, and
 * compared; the journal's paid sales the gateway did not list are differences too.
 */
export function differencesFor(
  prepare: Prepare,
  orders: readonly SearchedOrder[],
  window: { from: number; until: number },
): Difference[] {
  const lookups = journalLookups(prepare);
  const differences: Difference[] = [];
  const listed = new Set<string>();
  for (const order of orders) {
    const mine = lookups.match(order);
    if (mine?.attemptId) listed.add(mine.attemptId);
    const difference = compare(order, mine);
    if (difference) differences.push({ ...difference, adopted: lookups.adopted(order.orderId) });
  }
  for (const mine of lookups.paidIn(window)) {
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
      createdAt: mine.createdAt,
      maskedCard: mine.maskedCard,
      brand: mine.brand,
      action: 'check-attempt',
      effect: 'none',
      effectMinor: 0,
      adopted: mine.orderId !== null && lookups.adopted(mine.orderId),
    });
  }
  return differences;
}
