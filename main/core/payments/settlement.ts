import type { AttemptStatus } from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';
import type { GatewayClient } from '../gateway/gateway-client';
import { displayCode, displayMessage } from '../gateway/gateway-error';
import type { GatewayOrder } from '../gateway/order-schema';
import { savedTokenOf } from '../gateway/token-calls';
import type { AttemptRecord } from '../journal/journal';
import { ended, type AttemptEnding } from './attempt-ending';
import { failureOf } from './failure-from-gateway';
import { pollOrder } from './order-polling';
import { readPay, readRefundable, readVoided, type ExpectedCharge } from './order-state';
import { toOrderView } from './order-view';

/**
 * Settling money sent without a known answer, from the order as Get order shows it: after a
 * lost Pay answer, in the background, at start-up, and after a lost refund answer. Nothing
 * here sends money; the only other call is Cancel (reason `TimedOut`) of an order still in
 * progress after its deadline, which is how the gateway is told to stop waiting for a Pay.
 */

export interface ExpectedPay extends ExpectedCharge {
  currency: Currency;
}

export const paidEnding = (order: GatewayOrder, currency: Currency): AttemptEnding => ({
  status: 'paid',
  failure: null,
  order: toOrderView(order, currency),
  token: savedTokenOf(order),
});

/** When the gateway authorized the hold: its Authorization's date, if it gives a readable one. */
function authorizedAt(order: GatewayOrder): number | null {
  const authorization = order.transactions.find(
    (t) => t.type === 'Authorization' && t.status === 'Success',
  );
  const at = authorization?.createdDate ? Date.parse(authorization.createdDate) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

/**
 * A hold (Authorize only) that Pay left `Authorized`: the money is held, not taken. The
 * issuer's expiry counts from the gateway's authorization time.
 */
export const heldEnding = (order: GatewayOrder, currency: Currency): AttemptEnding => ({
  status: 'authorized',
  failure: null,
  order: toOrderView(order, currency),
  heldAt: authorizedAt(order),
  token: savedTokenOf(order),
});

/** Still unknown after the deadline: never written "not charged"; a supervisor must look. */
export const supervisorEnding: AttemptEnding = {
  status: 'in-doubt',
  state: 'pay-sent',
  failure: failureOf('pay-needs-supervisor'),
};

/**
 * The final ending an order proves for our Pay, or null while it proves nothing yet. A
 * `Cancelled` order with no Pay on it is final whoever cancelled it and whenever.
 */
export function payEndingFromOrder(
  order: GatewayOrder,
  expected: ExpectedPay,
  correlationId: string | null = null,
): AttemptEnding | null {
  const reading = readPay(order, expected);
  const view = toOrderView(order, expected.currency);
  switch (reading.kind) {
    case 'paid':
      return paidEnding(order, expected.currency);
    case 'held':
      return heldEnding(order, expected.currency);
    case 'declined': {
      const { codes } = reading;
      return {
        status: 'declined',
        order: view,
        failure: codes
          ? failureOf('card-declined', displayCode(codes), displayMessage(codes), correlationId)
          : failureOf('card-declined', null, null, correlationId),
      };
    }
    case 'reversed':
      return ended('error', 'pay-reversed', view);
    case 'no-charge-yet':
      // The gateway refuses Pay on a cancelled order: nothing was taken, and nothing can be.
      return order.detailedStatus === 'Cancelled'
        ? ended('error', 'pay-not-completed', view)
        : null;
    case 'unsettled':
      return null;
  }
}

/**
 * Past the deadline with nothing final on the order: Cancel it (reason `TimedOut`), then
 * read it again. "Not charged" only when the order then shows `Cancelled` with nothing taken;
 * if it shows our Pay after all, that is the answer; anything else (Cancel refused, the
 * gateway unreachable, an order still moving) keeps the attempt in doubt for a supervisor.
 */
export async function endAfterDeadline(
  client: GatewayClient,
  orderId: string,
  expected: ExpectedPay,
): Promise<AttemptEnding> {
  const cancel = await client.cancelOrder({ orderId, reason: 'TimedOut' });
  let order = cancel.ok ? (cancel.value.order ?? null) : null;
  if (!order || order.detailedStatus !== 'Cancelled') {
    const read = await client.getOrder(orderId);
    if (!read.ok) return supervisorEnding;
    order = read.value.order;
  }
  return payEndingFromOrder(order, expected) ?? supervisorEnding;
}

/**
 * Get order after each pause in `delaysMs` until the order proves an ending; past the
 * deadline, `endAfterDeadline`. Null: still in doubt (the caller keeps asking later).
 */
export async function settlePay(
  client: GatewayClient,
  orderId: string,
  expected: ExpectedPay,
  options: {
    delaysMs: readonly number[];
    sleep: (ms: number) => Promise<void>;
    deadlinePassed: () => boolean;
  },
): Promise<AttemptEnding | null> {
  const read = await pollOrder(
    client,
    orderId,
    options.delaysMs,
    options.sleep,
    (order) => payEndingFromOrder(order, expected) !== null,
  );
  if (read.ok) {
    const proven = payEndingFromOrder(read.value, expected, read.correlationId);
    if (proven) return proven;
  }
  return options.deadlinePassed() ? endAfterDeadline(client, orderId, expected) : null;
}

/** Status of a paid attempt of `amountMinor` with `refundedMinor` of it refunded. */
export const refundStatus = (amountMinor: number, refundedMinor: number): AttemptStatus => {
  if (refundedMinor <= 0) return 'paid';
  return refundedMinor >= amountMinor ? 'refunded' : 'partially-refunded';
};

/** The attempt's status and state as the gateway's refunded total says. */
export function refundedEnding(
  record: Pick<AttemptRecord, 'amountMinor' | 'currency'>,
  refundedMinor: number,
  order: GatewayOrder | null,
  failure: AttemptEnding['failure'] = null,
): AttemptEnding {
  const status = refundStatus(record.amountMinor, refundedMinor);
  return {
    status,
    state: status as 'paid' | 'partially-refunded' | 'refunded',
    failure,
    refundedMinor,
    ...(order ? { order: toOrderView(order, record.currency) } : {}),
  };
}

/**
 * What an order says about a refund whose answer was lost. `record.refundedMinor` is the
 * gateway's refunded total read just before the refund was sent, so a larger total now
 * means it went through. Before the deadline "no refund yet" proves nothing (null); after
 * it, the refund did not happen, unless the order is not plainly paid (then: still null).
 */
export function refundEndingFromOrder(
  record: AttemptRecord,
  order: GatewayOrder,
  deadlinePassed: boolean,
): AttemptEnding | null {
  const refundable = readRefundable(order, record.currency);
  if (refundable && refundable.refundedMinor > record.refundedMinor) {
    return refundedEnding(record, refundable.refundedMinor, order);
  }
  if (!deadlinePassed || !refundable) return null;
  return refundedEnding(record, refundable.refundedMinor, order, failureOf('refund-not-completed'));
}

/**
 * A void sent by an earlier Paydesk (it no longer voids) either shows in the order's status
 * or did not happen; kept so such journals still settle.
 */
export function legacyVoidEndingFromOrder(
  record: AttemptRecord,
  order: GatewayOrder,
): AttemptEnding {
  if (readVoided(order)) {
    return {
      status: 'voided',
      state: 'voided',
      failure: null,
      order: toOrderView(order, record.currency),
    };
  }
  return refundedEnding(record, record.refundedMinor, order);
}
