import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation, SandboxEnvironment } from '../operation-context';
import { setAuthentication } from '../order-lifecycle';
import { challengeSnippet, frictionlessSnippet } from '../pages/snippets';
import { encodeSnippet } from '../pages/snippet-encoding';
import { encodeChallengeRequest, encodeChallengeResult } from '../pages/three-ds-messages';
import { refusal } from '../problem-details';
import { gatewayReply, type GatewayReply } from '../reply';
import { cardSchema, checkCard } from '../rules/card-rules';
import { checkDevice, deviceSchema } from '../rules/device-rules';
import { guidSchema } from '../rules/guid';
import { checkOperation, checkPayable, findSessionOrder, matchCard } from '../rules/order-rules';
import { bothChecks, parseFields, withFieldErrors } from '../rules/schema-fields';
import { transStatusOf } from '../shapes/authentication-details-shape';
import type { OrderRecord } from '../state';
import { askToSave } from '../tokens/card-on-file';
import { agreementOf, savingRefused, tokenizationFields } from '../tokens/token-fields';

// Amount and currency are not read (seed §4.1): the schema leaves them out, so they are ignored.
const payerSchema = z.object({
  sessionId: guidSchema,
  orderId: guidSchema,
  paymentMethod: cardSchema,
  deviceIdentification: deviceSchema,
  timeZone: z.union([z.number().int(), z.string()]).optional(),
  source: z.string().optional(),
  paymentOperation: z.string().optional(),
  ...tokenizationFields,
});

/**
 * The snippet for this order: a new challenge (a new ACS transaction, the previous page
 * stops answering) for a card that needs one, else a straight pass through the completion
 * step to the returnUrl.
 */
const challengeHtml = (env: SandboxEnvironment, order: OrderRecord): string => {
  if (order.initiateDecision !== 'ContinueToPayer') {
    const cres = encodeChallengeResult({
      threeDSServerTransID: order.threeDSecureId,
      acsTransID: order.acsTransactionId,
      transStatus: transStatusOf(order),
    });
    return frictionlessSnippet(env.baseUrl, cres);
  }
  env.state.replaceAcsTransaction(order, env.uuid());
  setAuthentication(env, order, 'pending');
  const creq = encodeChallengeRequest({
    threeDSServerTransID: order.threeDSecureId,
    acsTransID: order.acsTransactionId,
  });
  return challengeSnippet(env.baseUrl, creq);
};

/**
 * Authenticate Payer's answer (with a card or a token): the challenge snippet (or the straight
 * pass) in `htmlBodyContent`, with gatewayDecision ContinueToPay.
 */
export const payerAnswer = (
  env: SandboxEnvironment,
  order: OrderRecord,
  language: string,
): GatewayReply => {
  const html = challengeHtml(env, order);
  order.gatewayDecision = 'ContinueToPay';
  return gatewayReply(gatewayCodes.success, language, {
    orderId: order.id,
    threeDSecureId: order.threeDSecureId,
    htmlBodyContent: encodeSnippet(html, env.snippetEncoding),
    gatewayDecision: order.gatewayDecision,
  });
};

/**
 * Authenticate Payer v6 (seed §4.1): every card and device member required, the card the
 * one Initiate saw, a device set not used before on this order (the card network refuses
 * repeats).
 * Answers the challenge snippet in `htmlBodyContent` with gatewayDecision ContinueToPay.
 */
export const authenticatePayer: Operation = (env, request) => {
  const parsed = parseFields(payerSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const { agreement, errors: agreementErrors } = agreementOf(body);
  const checked = withFieldErrors(
    bothChecks(
      checkCard(body.paymentMethod, new Date(env.clock.now())),
      checkDevice(body.deviceIdentification),
    ),
    agreementErrors,
  );
  if (!checked.ok) return refusal(checked.error, request.correlationId);
  const [card, deviceKey] = checked.value;
  const found = findSessionOrder(env, body.sessionId, body.orderId);
  if (!found.ok) return gatewayReply(found.error, request.language);
  const order = found.value;
  const mismatch = checkOperation(order.paymentOperation, body.paymentOperation);
  if (mismatch) return gatewayReply(mismatch, request.language);
  const notPayable =
    checkPayable(order) ?? savingRefused(env.faults.merchantConfig, body.cardOnFile ?? false);
  if (notPayable) return gatewayReply(notPayable, request.language);
  if (!matchCard(order, card)) return gatewayReply(gatewayCodes.valuesMismatch, request.language);
  // Narrow on purpose (GATEWAY.md, "What the gateway tolerates"): official clients send one
  // hard-coded set for every payment and are accepted, so only a repeat on one order is refused.
  if (order.deviceSets.has(deviceKey)) {
    return gatewayReply(gatewayCodes.deviceRepeated, request.language);
  }
  order.deviceSets.add(deviceKey);
  askToSave(order, { cardOnFile: body.cardOnFile ?? false, agreement });
  return payerAnswer(env, order, request.language);
};
