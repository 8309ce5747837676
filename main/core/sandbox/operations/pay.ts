import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation } from '../operation-context';
import { authenticationBlock, settlePay } from '../pay-settle';
import { refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { cardSchema, checkCard } from '../rules/card-rules';
import { checkCustomerPhone } from '../rules/customer-phone';
import { guidSchema } from '../rules/guid';
import { checkOperation, checkPayable, findSessionOrder, matchCard } from '../rules/order-rules';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields, withFieldErrors } from '../rules/schema-fields';
import { saveOrderCard } from '../tokens/card-on-file';

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

/**
 * Pay v2 (seed §4.2): the very session, order, threeDSecureId and card of authentication,
 * after a passed challenge, once. A second Pay on a paid order is refused and captures
 * nothing. The answer carries the full order (seed §2.5–2.8), declined or paid. Once
 * accepted, a Pay is the gateway's: it lands even if the client has gone.
 */
export const pay: Operation = async (env, request) => {
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
  const mismatch = checkOperation(order.paymentOperation, body.paymentOperation);
  if (mismatch) return gatewayReply(mismatch, request.language);
  if (body.threeDSecureId.toLowerCase() !== order.threeDSecureId || !matchCard(order, card.value)) {
    return gatewayReply(gatewayCodes.valuesMismatch, request.language);
  }
  const blocked = checkPayable(order) ?? authenticationBlock(order);
  if (blocked) return gatewayReply(blocked, request.language);
  return settlePay(env, order, request.language, (outcome) => {
    if (body.customerPhoneNumber && body.customerPhoneCountryCode) {
      order.customerPhone = {
        number: body.customerPhoneNumber,
        countryCode: body.customerPhoneCountryCode,
      };
    }
    if (outcome === gatewayCodes.success)
      saveOrderCard(env, order, card.value, body.paymentMethod.cvv);
  });
};
