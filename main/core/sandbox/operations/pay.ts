import { z } from 'zod';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { Operation, SandboxEnvironment } from '../operation-context';
import { addApprovedTransaction, addTransaction } from '../order-lifecycle';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { cardSchema, checkCard } from '../rules/card-rules';
import { checkCustomerPhone } from '../rules/customer-phone';
import { guidSchema } from '../rules/guid';
import { checkPayable, findSessionOrder, matchCard } from '../rules/order-rules';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields, withFieldErrors } from '../rules/schema-fields';
import { orderShape } from '../shapes/order-shape';
import type { OrderRecord } from '../state';

// Amount and currency are not read (seed §4.2): the session's stand.
const paySchema = z.object({
  sessionId: guidSchema,
  orderId: guidSchema,
  threeDSecureId: z.string().min(1),
  paymentOperation: z.string().optional(),
  customerPhoneNumber: z.string().optional(),
  customerPhoneCountryCode: z.string().optional(),
  paymentMethod: cardSchema,
  returnUrl: z.string().optional(),
  source: z.string().optional(),
});

/** Why 3-D Secure does not allow Pay yet: never passed, or failed. Null when it passed. */
const authenticationBlock = (order: OrderRecord): GatewayCode | null => {
  if (order.authentication === 'passed') return null;
  return order.authentication === 'failed'
    ? gatewayCodes.authenticationFailed
    : gatewayCodes.challengeNotCompleted;
};

const declines: Partial<Record<OrderRecord['outcome'], readonly [GatewayCode, string, string]>> = {
  'decline-insufficient-funds': [gatewayCodes.insufficientFunds, '51', 'Insufficient funds'],
  'decline-do-not-honour': [gatewayCodes.doNotHonour, '05', 'Do not honour'],
};

/** Authorizes and captures in one message (or declines, by test card). */
const charge = (env: SandboxEnvironment, order: OrderRecord): GatewayCode => {
  order.payAttempts += 1;
  const decline = declines[order.outcome];
  if (decline) {
    const [code, acquirerCode, acquirerMessage] = decline;
    addTransaction(env, order, {
      type: 'Pay',
      status: 'Failed',
      amountMinor: order.amountMinor,
      code,
      acquirerCode,
      acquirerMessage,
    });
    order.detailedStatus = 'PayFailed';
    return code;
  }
  addApprovedTransaction(env, order, 'Pay', order.amountMinor);
  order.captureCount += 1;
  order.detailedStatus = 'Paid';
  return gatewayCodes.success;
};

/**
 * Pay v2 (seed §4.2): the very session, order, threeDSecureId and card of authentication,
 * after a passed challenge, once. A second Pay on a paid order is refused and captures
 * nothing. The answer carries the full order (seed §2.5–2.8), declined or paid.
 */
export const pay: Operation = (env, request) => {
  const parsed = parseFields(paySchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const card = withFieldErrors(checkCard(body.paymentMethod, new Date(env.clock.now())), [
    ...checkCustomerPhone(body.customerPhoneNumber, body.customerPhoneCountryCode),
    ...checkReturnUrl(body.returnUrl),
  ]);
  if (!card.ok) return refusal(card.error, request.correlationId);
  const found = findSessionOrder(env, body.sessionId, body.orderId);
  if (!found.ok) return gatewayReply(found.error, request.language);
  const order = found.value;
  if (body.threeDSecureId.toLowerCase() !== order.threeDSecureId || !matchCard(order, card.value)) {
    return gatewayReply(gatewayCodes.valuesMismatch, request.language);
  }
  const blocked = checkPayable(order) ?? authenticationBlock(order);
  if (blocked) return gatewayReply(blocked, request.language);
  if (body.customerPhoneNumber && body.customerPhoneCountryCode) {
    order.customerPhone = {
      number: body.customerPhoneNumber,
      countryCode: body.customerPhoneCountryCode,
    };
  }
  const outcome = charge(env, order);
  return gatewayReply(outcome, request.language, { order: orderShape(order, env.merchant) });
};
