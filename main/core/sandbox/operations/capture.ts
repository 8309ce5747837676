import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { addApprovedTransaction, latestSuccess } from '../order-lifecycle';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { guidSchema } from '../rules/guid';
import { parseFields } from '../rules/schema-fields';
import { orderShape } from '../shapes/order-shape';

const captureSchema = z.object({ orderId: guidSchema, callbackUrl: z.string().optional() });

/**
 * Capture (GATEWAY-MORE.md §3.2): takes the money a PreAuthorize Pay held, in full (no
 * amount field exists). Allowed only on `Authorized`; the order becomes `Captured` with a
 * Capture transaction whose parent is the Authorization. Anything else: 500.004.
 */
export const capture: Operation = (env, request) => {
  const parsed = parseFields(captureSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const order = env.state.orders.get(parsed.value.orderId);
  if (!order) return gatewayReply(gatewayCodes.orderNotFound, request.language);
  if (order.detailedStatus !== 'Authorized') {
    return gatewayReply(gatewayCodes.orderNotCapturable, request.language, {
      order: orderShape(order, env.merchant),
    });
  }
  const authorization = latestSuccess(order, ['Authorization']);
  addApprovedTransaction(env, order, 'Capture', order.amountMinor, authorization?.id ?? null);
  order.captureCount += 1;
  order.detailedStatus = 'Captured';
  return gatewayReply(gatewayCodes.success, request.language, {
    order: orderShape(order, env.merchant),
  });
};
