import type { AttemptStatus } from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';
import { displayCode, displayMessage } from '../gateway/gateway-error';
import type { GatewayOrder } from '../gateway/order-schema';
import type { AttemptRecord } from '../journal/journal';
import { ended, type AttemptEnding } from './attempt-ending';
import { failureOf } from './failure-from-gateway';
import { toOrderView } from './order-view';
import { payVerdict, voidedStatuses, type PayVerdict } from './order-verdict';

/**
 * Settling from an order read through Get order: after a lost Pay answer, at start-up, and
 * after a lost refund or void answer. Every function here only reads the order; none sends
 * money anywhere.
 */

export const paidEnding = (order: GatewayOrder, currency: Currency): AttemptEnding => ({
  status: 'paid',
  failure: null,
  order: toOrderView(order, currency),
});

/**
 * The ending an order proves for a Pay, or null while a charge is still in progress.
 * `unpaid` means the Pay never arrived: after a restart the card is gone, so the attempt ends
 * without a charge and the operator starts over.
 */
export function payEndingFromOrder(
  order: GatewayOrder,
  currency: Currency,
  verdict: PayVerdict = payVerdict(order),
  correlationId: string | null = null,
): AttemptEnding | null {
  const view = toOrderView(order, currency);
  switch (verdict.kind) {
    case 'paid':
      return paidEnding(order, currency);
    case 'pending':
      return null;
    case 'unpaid':
      return ended('error', 'pay-not-completed', view);
    case 'declined': {
      const codes = verdict.codes;
      return {
        status: 'declined',
        order: view,
        failure: codes
          ? failureOf('card-declined', displayCode(codes), displayMessage(codes), correlationId)
          : failureOf('card-declined', null, null, correlationId),
      };
    }
  }
}

/** Status of a paid attempt with `refundedMinor` of its amount refunded. */
export const refundStatus = (record: AttemptRecord, refundedMinor: number): AttemptStatus => {
  if (refundedMinor <= 0) return 'paid';
  return refundedMinor >= record.amountMinor ? 'refunded' : 'partially-refunded';
};

/**
 * What an order says about a refund whose answer was lost: the gateway's refunded total,
 * compared with what the journal had before the refund was sent.
 */
export function refundEndingFromOrder(record: AttemptRecord, order: GatewayOrder): AttemptEnding {
  const view = toOrderView(order, record.currency);
  const refundedMinor = Math.max(view.refundedMinor, record.refundedMinor);
  return { status: refundStatus(record, refundedMinor), failure: null, order: view, refundedMinor };
}

/** A void either shows in the order's status or did not happen. */
export function voidEndingFromOrder(record: AttemptRecord, order: GatewayOrder): AttemptEnding {
  const view = toOrderView(order, record.currency);
  const status = voidedStatuses.has(order.detailedStatus)
    ? 'voided'
    : refundStatus(record, record.refundedMinor);
  return { status, failure: null, order: view };
}
