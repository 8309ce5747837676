import { gatewayCodes } from '../codes';
import type { SandboxEnvironment } from '../operation-context';
import { addApprovedTransaction, latestSuccess } from '../order-lifecycle';
import { gatewayReply, type GatewayReply } from '../reply';
import { orderShape } from '../shapes/order-shape';
import type { OrderRecord } from '../state';

/**
 * Release of a hold: the void of an Authorized order. Its endpoint is unconfirmed
 * (GATEWAY-MORE.md §3.4); the official Flutter and React Native clients post it to the
 * refund path with the refund body, so the sandbox takes it there: a refund of an
 * `Authorized` order voids it in full. The order becomes `Voided` with a `Void` transaction
 * whose parent is the Authorization. Nothing was taken, so nothing is refunded.
 */
export const releaseHold = (
  env: SandboxEnvironment,
  order: OrderRecord,
  requestedMinor: number | null,
  language: string,
): GatewayReply => {
  if (requestedMinor !== null && requestedMinor !== order.amountMinor) {
    return gatewayReply(gatewayCodes.partialVoid, language, {
      order: orderShape(order, env.merchant),
    });
  }
  const authorization = latestSuccess(order, ['Authorization']);
  addApprovedTransaction(env, order, 'Void', order.amountMinor, authorization?.id ?? null);
  order.detailedStatus = 'Voided';
  return gatewayReply(gatewayCodes.success, language, { order: orderShape(order, env.merchant) });
};
