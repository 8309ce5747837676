import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { addApprovedTransaction } from '../order-lifecycle';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { guidSchema } from '../rules/guid';
import { parseFields } from '../rules/schema-fields';
import { orderShape } from '../shapes/order-shape';

const cancelSchema = z.object({ orderId: guidSchema, reason: z.string().trim().min(1) });

/**
 * Cancel / void: an unpaid order becomes Cancelled (nothing to give back); a paid order
 * with no refund yet is Voided (the capture is reversed whole, with a Void transaction).
 * Orders already closed are refused.
 */
export const cancel: Operation = (env, request) => {
  const parsed = parseFields(cancelSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const order = env.state.orders.get(parsed.value.orderId);
  if (!order) return gatewayReply(gatewayCodes.orderNotFound, request.language);
  if (['Cancelled', 'Voided', 'Refunded', 'PartiallyRefunded'].includes(order.detailedStatus)) {
    return gatewayReply(gatewayCodes.orderNotCancellable, request.language, {
      order: orderShape(order, env.merchant),
    });
  }
  if (order.detailedStatus === 'Paid') {
    addApprovedTransaction(env, order, 'Void', order.amountMinor);
    order.detailedStatus = 'Voided';
  } else {
    order.detailedStatus = 'Cancelled';
    order.updatedAt = env.clock.now();
  }
  return gatewayReply(gatewayCodes.success, request.language, {
    order: orderShape(order, env.merchant),
  });
};
