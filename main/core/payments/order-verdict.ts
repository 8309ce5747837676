import type { GatewayCodes } from '../gateway/gateway-error';
import type { GatewayOrder } from '../gateway/order-schema';

/**
 * What an order read through Get order says about our Pay.
 * - `paid`: the money was taken (whatever happened to our Pay's answer).
 * - `declined`: our Pay reached the gateway and was refused.
 * - `pending`: a charge is still in progress: ask again later.
 * - `unpaid`: no charge was attempted, so the Pay never arrived. Only this verdict allows a
 *   second Pay for the attempt.
 */
export type PayVerdict =
  | { kind: 'paid' }
  | { kind: 'declined'; codes: GatewayCodes | null }
  | { kind: 'pending' }
  | { kind: 'unpaid' };

const paidStatuses = new Set([
  'Paid',
  'Captured',
  'PartiallyRefunded',
  'Refunded',
  'RefundIncomplete',
]);
const failedStatuses = new Set(['PayFailed', 'AuthorizationFailed', 'CaptureFailed', 'Blocked']);
/** Transaction types that move money towards the merchant. */
export const chargeTypes = new Set(['Pay', 'Authorization', 'Capture']);

export function payVerdict(order: GatewayOrder): PayVerdict {
  const charges = order.transactions.filter((t) => chargeTypes.has(t.type));
  if (
    paidStatuses.has(order.detailedStatus) ||
    order.totalCapturedAmount > 0 ||
    charges.some((t) => t.status === 'Success')
  ) {
    return { kind: 'paid' };
  }
  if (charges.some((t) => t.status === 'InProgress')) return { kind: 'pending' };
  const failed = charges.find((t) => t.status === 'Failed');
  if (failed || failedStatuses.has(order.detailedStatus)) {
    const codes = failed?.codes;
    return {
      kind: 'declined',
      codes: codes?.responseCode
        ? {
            responseCode: codes.responseCode,
            detailedResponseCode: codes.detailedResponseCode,
            responseMessage: codes.responseMessage,
            detailedResponseMessage: codes.detailedResponseMessage,
          }
        : null,
    };
  }
  return { kind: 'unpaid' };
}

/** A refund shows in the order's refunded total; a void in its status. */
export const voidedStatuses = new Set(['Voided', 'Cancelled', 'Reversed']);
