import { setTimeout as delay } from 'node:timers/promises';
import { gatewayCodes, type GatewayCode } from './codes';
import type { SandboxEnvironment } from './operation-context';
import { chargeOrder } from './pay-outcome';
import { gatewayReply, type GatewayReply } from './reply';
import { checkPayable } from './rules/order-rules';
import { orderShape } from './shapes/order-shape';
import type { OrderRecord } from './state';

/** Why 3-D Secure does not allow Pay yet: never passed, or failed. Null when it passed. */
export const authenticationBlock = (order: OrderRecord): GatewayCode | null => {
  if (order.authentication === 'passed') return null;
  return order.authentication === 'failed'
    ? gatewayCodes.authenticationFailed
    : gatewayCodes.challengeNotCompleted;
};

/**
 * The payLandsLate fault: the Pay was accepted, but the order shows nothing of it for `ms`.
 * The wait is the sandbox's own, not the request's: a client that disconnects meanwhile does
 * not stop it. False only when the sandbox closed first.
 */
const landLate = async (env: SandboxEnvironment, order: OrderRecord, ms: number) => {
  order.payInFlight = true;
  try {
    await delay(ms, undefined, { signal: env.closing });
    return true;
  } catch {
    return false;
  } finally {
    order.payInFlight = false;
  }
};

/**
 * An accepted Pay (with a card or a token), from acceptance to answer: the late-landing and
 * ending faults apply alike, `charged` runs once the charge step ran (approved or declined),
 * and the answer carries the full order. Null when the sandbox closed while it was on its way.
 */
export const settlePay = async (
  env: SandboxEnvironment,
  order: OrderRecord,
  language: string,
  charged: (outcome: GatewayCode) => void,
): Promise<GatewayReply | null> => {
  const late = env.faults.takeLatePay();
  const ending = env.faults.takePayEnding();
  if (late !== null) {
    const landed = await landLate(env, order, late);
    if (!landed) return null;
    // Cancelled (or otherwise closed) while it was on its way: nothing is charged.
    const closed = checkPayable(order);
    if (closed && !env.faults.takeChargeCancelled())
      return gatewayReply(closed, language, { order: orderShape(order, env.merchant) });
  }
  const outcome = chargeOrder(env, order, ending);
  charged(outcome);
  return gatewayReply(outcome, language, { order: orderShape(order, env.merchant) });
};
