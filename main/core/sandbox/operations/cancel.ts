import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { guidSchema } from '../rules/guid';
import { parseFields } from '../rules/schema-fields';
import { orderShape, orderStatusOf } from '../shapes/order-shape';

const cancelSchema = z.object({ orderId: guidSchema, reason: z.string().trim().min(1) });

/**
 * Cancel abandons an order still in progress (GATEWAY.md, correction under "Orders, refunds,
 * voids"): the payer backed out or the session ran out. It is not a void: a paid, authorized
 * or closed order is refused (500.003) and keeps its money; Paid comes back by Refund. A Pay
 * pending at the gateway (timed out) ends Failed with it, and a Pay still on its way lands on
 * a Cancelled order and charges nothing.
 */
export const cancel: Operation = (env, request) => {
  const parsed = parseFields(cancelSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const order = env.state.orders.get(parsed.value.orderId);
  if (!order) return gatewayReply(gatewayCodes.orderNotFound, request.language);
  if (orderStatusOf(order.detailedStatus) !== 'InProgress') {
    return gatewayReply(gatewayCodes.orderNotCancellable, request.language, {
      orderId: order.id,
      order: orderShape(order, env.merchant),
    });
  }
  env.readLag.willChange(order);
  const now = env.clock.now();
  for (const transaction of order.transactions) {
    if (transaction.type === 'Authentication' || transaction.status !== 'InProgress') continue;
    transaction.status = 'Failed';
    transaction.acquirerMessage = 'Cancelled';
    transaction.updatedAt = now;
  }
  order.detailedStatus = 'Cancelled';
  order.cancelReason = parsed.value.reason;
  order.updatedAt = now;
  return gatewayReply(gatewayCodes.success, request.language, {
    orderId: order.id,
    order: orderShape(order, env.merchant),
  });
};
