import { z } from 'zod';
import { gatewayCodes } from '../codes';
import { digestOf } from '../digest';
import type { Operation, SandboxEnvironment } from '../operation-context';
import { addTransaction, setAuthentication } from '../order-lifecycle';
import { methodSnippet } from '../pages/snippets';
import { encodeSnippet } from '../pages/snippet-encoding';
import { encodeMethodData } from '../pages/three-ds-messages';
import { fieldsProblem, refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { checkCardNumber } from '../rules/card-rules';
import { maskedNumber } from '../rules/card-facts';
import { guidSchema } from '../rules/guid';
import { checkOperation } from '../rules/order-rules';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields } from '../rules/schema-fields';
import { findLiveSession } from '../rules/session-rules';
import type { OrderRecord } from '../state';
import { cardBehaviour, decisionFor } from '../test-cards';

const initiateSchema = z.object({
  sessionId: guidSchema,
  cardNumber: z.string(),
  returnUrl: z.string(),
  orderId: guidSchema.optional(),
  callbackUrl: z.string().optional(),
  source: z.string().optional(),
  paymentOperation: z.string().optional(),
});

// Only enrolled cards have an issuer method to run; Reject and not-enrolled get none.
const methodHtml = (env: SandboxEnvironment, order: OrderRecord): string | null =>
  order.initiateDecision === 'ContinueToPayer' || order.initiateDecision === 'ContinueToPay'
    ? encodeSnippet(
        methodSnippet(
          env.baseUrl,
          encodeMethodData({ threeDSServerTransID: order.threeDSecureId }),
        ),
        env.snippetEncoding,
      )
    : null;

/**
 * Initiate Authentication: creates the order under the session (orderId unique per
 * merchant), decides by test card and returns the 3-D Secure method snippet in
 * `redirectHtml` (the name official SDKs read here).
 */
export const initiateAuthentication: Operation = (env, request) => {
  const parsed = parseFields(initiateSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const number = checkCardNumber(body.cardNumber, 'cardNumber');
  const urlErrors = checkReturnUrl(body.returnUrl);
  if (!number.ok) return refusal([number.error, ...urlErrors], request.correlationId);
  const refused = fieldsProblem(urlErrors, request.correlationId);
  if (refused) return refused;
  const session = findLiveSession(env, body.sessionId);
  if (!session.ok) return gatewayReply(session.error, request.language);
  const mismatch = checkOperation(session.value.paymentOperation, body.paymentOperation);
  if (mismatch) return gatewayReply(mismatch, request.language);
  if (body.orderId && env.state.orders.has(body.orderId)) {
    return gatewayReply(gatewayCodes.orderIdReused, request.language);
  }
  const behaviour = cardBehaviour(number.value.digits);
  const decision = decisionFor(behaviour.outcome);
  const now = env.clock.now();
  const order: OrderRecord = {
    id: body.orderId ?? env.uuid(),
    sequence: env.state.nextSequence(),
    sessionId: session.value.id,
    merchantReferenceId: session.value.merchantReferenceId,
    amountMinor: session.value.amountMinor,
    currency: session.value.currency,
    paymentOperation: session.value.paymentOperation,
    returnUrl: body.returnUrl,
    callbackUrl: body.callbackUrl ?? session.value.callbackUrl,
    language: session.value.language,
    source: body.source ?? 'DirectAPI',
    threeDSecureId: env.uuid(),
    outcome: behaviour.outcome,
    challengeReturn: behaviour.challengeReturn,
    card: {
      numberDigest: digestOf(number.value.digits),
      cardDigest: null,
      brand: number.value.brand,
      masked: maskedNumber(number.value.digits),
      holderName: null,
      expiryMonth: null,
      expiryYear: null,
    },
    initiateDecision: decision,
    gatewayDecision: decision,
    authentication: 'pending',
    acsTransactionId: env.uuid(),
    dsTransactionId: env.uuid(),
    authenticationValue: null,
    methodCompleted: false,
    cancelReason: null,
    detailedStatus: 'Initiated',
    payInFlight: false,
    captureCount: 0,
    payAttempts: 0,
    refundedMinor: 0,
    customerPhone: null,
    deviceSets: new Set(),
    transactions: [],
    createdAt: now,
    updatedAt: now,
  };
  env.readLag.willChange(order, false);
  env.state.addOrder(order);
  addTransaction(env, order, {
    type: 'Authentication',
    status: 'InProgress',
    amountMinor: order.amountMinor,
    code: gatewayCodes.challengeNotCompleted,
    acquirerCode: 'C',
    acquirerMessage: 'Challenge required',
  });
  if (decision !== 'ContinueToPayer')
    setAuthentication(env, order, decision === 'Reject' ? 'rejected' : 'passed');
  return gatewayReply(
    decision === 'Reject' ? gatewayCodes.authenticationRejected : gatewayCodes.success,
    request.language,
    {
      orderId: order.id,
      threeDSecureId: order.threeDSecureId,
      redirectHtml: methodHtml(env, order),
      gatewayDecision: decision,
    },
  );
};
