import { minorFromGatewayAmount } from '../../../shared/money/amount';
import { currencyExponents, type Currency } from '../../../shared/money/currencies';
import type { PaymentOperation } from '../gateway/gateway-client';
import type { GatewayCodes } from '../gateway/gateway-error';
import type { GatewayOrder, GatewayTransaction } from '../gateway/order-schema';

/**
 * The one place that reads a gateway order, for every purpose: a sale's Pay answer, the
 * settlement of an attempt in doubt, and a refund (GATEWAY-MORE.md §6). It never guesses:
 * anything it cannot place for certain reads as `pending`, which keeps the attempt in doubt.
 *
 * - `paid`: money was taken (it may have been refunded since; see `refundedMinor`).
 * - `held`: money is held by an authorization, not taken.
 * - `not-paid`: no money was taken or held.
 * - `pending`: something is still moving, or its meaning is unconfirmed: ask again.
 * - `reversed`: money was taken or held and has been given back by the gateway itself.
 */
export type OrderVerdict = 'paid' | 'held' | 'not-paid' | 'pending' | 'reversed';

/** Every `detailedStatus` of GATEWAY-MORE.md §6, with what it says on its own. */
export const detailedStatusVerdicts = {
  Initiated: 'not-paid',
  Authenticated: 'not-paid',
  AuthenticationFailed: 'not-paid',
  Authorized: 'held',
  AuthorizationFailed: 'not-paid',
  Captured: 'paid',
  // The authorization stands; only its capture failed.
  CaptureFailed: 'held',
  Paid: 'paid',
  PayFailed: 'not-paid',
  // Taken, then given back by a refund: still "paid" for the sale, the refund is separate.
  Refunded: 'paid',
  Cancelled: 'not-paid',
  // The gateway gave up waiting but may still finish: not a final answer.
  ClientTimedOut: 'pending',
  ServerTimedOut: 'pending',
  Blocked: 'not-paid',
  Voided: 'reversed',
  // Meaning unconfirmed (GATEWAY-MORE.md §8): never read as settled.
  PartiallyCompleted: 'pending',
  PartiallyRefunded: 'paid',
  // Meaning unconfirmed: a refund may or may not have gone through.
  RefundIncomplete: 'pending',
  Reversed: 'reversed',
} as const satisfies Record<string, OrderVerdict>;

export type DetailedStatus = keyof typeof detailedStatusVerdicts;

/** Transaction types (GATEWAY-MORE.md §6) and the money each one moves. */
export const transactionRoles = {
  Authentication: 'none',
  Authorization: 'holds',
  Capture: 'takes',
  Pay: 'takes',
  Installment: 'takes',
  Refund: 'returns',
  Reversal: 'returns',
  Void: 'returns',
} as const;

type TransactionRole = (typeof transactionRoles)[keyof typeof transactionRoles];

const roleOf = (t: GatewayTransaction): TransactionRole | 'unknown' =>
  Object.hasOwn(transactionRoles, t.type)
    ? transactionRoles[t.type as keyof typeof transactionRoles]
    : 'unknown';

export interface OrderReading {
  verdict: OrderVerdict;
  detailedStatus: string;
  /** The order's amount in minor units of its currency; null if unreadable. */
  amountMinor: number | null;
  /** Captured and refunded totals in minor units of the order's currency; null if unreadable. */
  capturedMinor: number | null;
  refundedMinor: number | null;
  currency: string;
  /** A Pay or Authorization reached the gateway (whatever became of it). */
  chargeArrived: boolean;
  /** The codes of a failed Pay or Authorization: the gateway's decline. */
  declineCodes: GatewayCodes | null;
}

const isKnownStatus = (status: string): status is DetailedStatus =>
  Object.hasOwn(detailedStatusVerdicts, status);

function minorOf(amount: number, currency: string): number | null {
  if (amount === 0) return 0;
  if (!Object.hasOwn(currencyExponents, currency)) return null;
  const minor = minorFromGatewayAmount(amount, currency as Currency);
  return minor.ok ? minor.value : null;
}

function declineCodesOf(transactions: GatewayTransaction[]): GatewayCodes | null {
  const failed = transactions.find(
    (t) => (t.type === 'Pay' || t.type === 'Authorization') && t.status === 'Failed',
  );
  const codes = failed?.codes;
  return codes?.responseCode
    ? {
        responseCode: codes.responseCode,
        detailedResponseCode: codes.detailedResponseCode,
        responseMessage: codes.responseMessage,
        detailedResponseMessage: codes.detailedResponseMessage,
      }
    : null;
}

/**
 * A `Cancelled` order whose authorization a successful `Void` or `Reversal` gave back (the
 * caller has checked that nothing stays captured): the money moved and came back.
 */
const givenBack = (order: GatewayOrder): boolean =>
  order.detailedStatus === 'Cancelled' &&
  order.transactions.some(
    (t) => (t.type === 'Void' || t.type === 'Reversal') && t.status === 'Success',
  );

/**
 * The status's verdict, checked against the transactions: a transaction still in progress,
 * one of a type we do not know, or money that the status and the transactions disagree on
 * all read as `pending`.
 */
function verdictOf(order: GatewayOrder, capturedMinor: number | null): OrderVerdict {
  if (!isKnownStatus(order.detailedStatus) || capturedMinor === null) return 'pending';
  const roles = order.transactions.map(roleOf);
  if (roles.includes('unknown')) return 'pending';
  const moving = order.transactions.some((t) => t.status === 'InProgress' && roleOf(t) !== 'none');
  if (moving) return 'pending';
  const succeeded = (role: TransactionRole) =>
    order.transactions.some((t) => roleOf(t) === role && t.status === 'Success');
  const verdict = detailedStatusVerdicts[order.detailedStatus];
  switch (verdict) {
    case 'paid':
      return capturedMinor > 0 && succeeded('takes') ? 'paid' : 'pending';
    case 'held':
      return capturedMinor === 0 && succeeded('holds') ? 'held' : 'pending';
    case 'not-paid':
      if (capturedMinor !== 0) return 'pending';
      if (!succeeded('takes') && !succeeded('holds')) return 'not-paid';
      return givenBack(order) ? 'reversed' : 'pending';
    case 'reversed':
      return succeeded('returns') ? 'reversed' : 'pending';
    case 'pending':
      return 'pending';
  }
}

export function readOrderState(order: GatewayOrder): OrderReading {
  const capturedMinor = minorOf(order.totalCapturedAmount, order.currency);
  return {
    verdict: verdictOf(order, capturedMinor),
    detailedStatus: order.detailedStatus,
    amountMinor: minorOf(order.amount, order.currency),
    capturedMinor,
    refundedMinor: minorOf(order.totalRefundedAmount, order.currency),
    currency: order.currency,
    chargeArrived: order.transactions.some((t) => t.type === 'Pay' || t.type === 'Authorization'),
    declineCodes: declineCodesOf(order.transactions),
  };
}

/** What an order says about our Pay of `amountMinor` `currency`. */
export type PayReading =
  | { kind: 'paid' }
  /** Our PreAuthorize Pay holds the sale's amount: authorized, not taken. */
  | { kind: 'held' }
  /** Our Pay arrived and was refused: nothing was taken. */
  | { kind: 'declined'; codes: GatewayCodes | null }
  /** No Pay on the order yet: final only once the attempt's deadline has passed. */
  | { kind: 'no-charge-yet' }
  /** Taken or held, then given back by the gateway: nothing was charged. */
  | { kind: 'reversed' }
  /** Still moving, held, or not matching our sale: in doubt. */
  | { kind: 'unsettled'; why: string };

export interface ExpectedCharge {
  amountMinor: number;
  currency: string;
  /** `PreAuthorize`: a hold of the amount is the Pay's success. Absent: `Pay`. */
  paymentOperation?: PaymentOperation;
}

/**
 * The order read for a Pay. Paid needs the captured total to equal the sale's amount in the
 * sale's currency; `strictPaid` (a `000` Pay answer) also needs `detailedStatus` `Paid`.
 */
export function readPay(
  order: GatewayOrder,
  expected: ExpectedCharge,
  options: { strictPaid?: boolean } = {},
): PayReading {
  const reading = readOrderState(order);
  switch (reading.verdict) {
    case 'paid': {
      if (options.strictPaid && reading.detailedStatus !== 'Paid') {
        return { kind: 'unsettled', why: `paid as ${reading.detailedStatus}` };
      }
      const matches =
        reading.currency === expected.currency && reading.capturedMinor === expected.amountMinor;
      return matches ? { kind: 'paid' } : { kind: 'unsettled', why: 'captured total differs' };
    }
    case 'not-paid':
      return reading.chargeArrived
        ? { kind: 'declined', codes: reading.declineCodes }
        : { kind: 'no-charge-yet' };
    case 'reversed':
      return { kind: 'reversed' };
    case 'held': {
      // Money held on a one-step Pay is for a supervisor to resolve; on a hold it is success.
      if (expected.paymentOperation !== 'PreAuthorize') {
        return { kind: 'unsettled', why: 'money held, not taken' };
      }
      const matches =
        reading.currency === expected.currency && reading.amountMinor === expected.amountMinor;
      return matches ? { kind: 'held' } : { kind: 'unsettled', why: 'held amount differs' };
    }
    case 'pending':
      return { kind: 'unsettled', why: `still ${reading.detailedStatus}` };
  }
}

/**
 * What an order says about refunding it: the paid total and what is already refunded
 * (by us or elsewhere), or null while the order is not plainly paid.
 */
export function readRefundable(
  order: GatewayOrder,
  currency: string,
): { capturedMinor: number; refundedMinor: number } | null {
  const reading = readOrderState(order);
  if (reading.verdict !== 'paid' || reading.currency !== currency) return null;
  if (reading.capturedMinor === null || reading.refundedMinor === null) return null;
  return { capturedMinor: reading.capturedMinor, refundedMinor: reading.refundedMinor };
}

/**
 * Whether an order shows a void, for the `void-sent` attempts of older journals (Paydesk no
 * longer voids): given back by the gateway, or cancelled as the old sandbox did.
 */
export function readVoided(order: GatewayOrder): boolean {
  const reading = readOrderState(order);
  return reading.verdict === 'reversed' || reading.detailedStatus === 'Cancelled';
}
