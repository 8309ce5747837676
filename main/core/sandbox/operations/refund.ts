import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { addApprovedTransaction, latestSuccess } from '../order-lifecycle';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { minorUnitsOf } from '../rules/amount-rules';
import { gatewayNumberSchema } from '../rules/gateway-number';
import { guidSchema } from '../rules/guid';
import { parseFields } from '../rules/schema-fields';
import { orderShape } from '../shapes/order-shape';
import type { DetailedStatus } from '../state';

const refundSchema = z.object({
  orderId: guidSchema,
  refundAmount: gatewayNumberSchema.optional(),
  callbackUrl: z.string().optional(),
});

// Money was taken (one-step Pay, or a captured hold) and not all of it given back yet.
const refundable: readonly DetailedStatus[] = ['Paid', 'Captured', 'PartiallyRefunded'];

/**
 * Refund, full (no refundAmount) or partial, of a paid order, up to what is still
 * refundable. The order becomes PartiallyRefunded, then Refunded when nothing is left.
 */
export const refund: Operation = (env, request) => {
  const parsed = parseFields(refundSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const order = env.state.orders.get(parsed.value.orderId);
  if (!order) return gatewayReply(gatewayCodes.orderNotFound, request.language);
  const remaining = order.amountMinor - order.refundedMinor;
  const requested =
    parsed.value.refundAmount === undefined
      ? { ok: true as const, value: remaining }
      : minorUnitsOf(parsed.value.refundAmount, order.currency);
  if (!requested.ok) {
    return refusal(
      [
        {
          field: 'refundAmount',
          code: gatewayCodes.invalidFields,
          message: `The refund amount is not valid (${requested.error}).`,
        },
      ],
      request.correlationId,
    );
  }
  if (!refundable.includes(order.detailedStatus)) {
    return gatewayReply(gatewayCodes.orderNotRefundable, request.language, {
      order: orderShape(order, env.merchant),
    });
  }
  if (requested.value > remaining) {
    return gatewayReply(gatewayCodes.refundTooLarge, request.language, {
      order: orderShape(order, env.merchant),
    });
  }
  const taken = latestSuccess(order, ['Pay', 'Capture']);
  addApprovedTransaction(env, order, 'Refund', requested.value, taken?.id ?? null);
  order.refundedMinor += requested.value;
  order.detailedStatus =
    order.refundedMinor === order.amountMinor ? 'Refunded' : 'PartiallyRefunded';
  return gatewayReply(gatewayCodes.success, request.language, {
    order: orderShape(order, env.merchant),
  });
};
