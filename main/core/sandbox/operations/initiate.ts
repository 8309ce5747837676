import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation, SandboxEnvironment } from '../operation-context';
import { setAuthentication } from '../order-lifecycle';
import { newOrderRecord, typedCard } from '../order-record';
import { methodSnippet } from '../pages/snippets';
import { encodeSnippet } from '../pages/snippet-encoding';
import { encodeMethodData } from '../pages/three-ds-messages';
import { fieldsProblem, refusal } from '../problem-details';
import { gatewayReply } from '../reply';
import { checkCardNumber } from '../rules/card-rules';
import { guidSchema } from '../rules/guid';
import { checkOperation } from '../rules/order-rules';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields } from '../rules/schema-fields';
import { findLiveSession } from '../rules/session-rules';
import type { OrderRecord } from '../state';
import { askToSave } from '../tokens/card-on-file';
import { agreementOf, savingRefused, tokenizationFields } from '../tokens/token-fields';

const initiateSchema = z.object({
  sessionId: guidSchema,
  cardNumber: z.string(),
  returnUrl: z.string(),
  orderId: guidSchema.optional(),
  callbackUrl: z.string().optional(),
  source: z.string().optional(),
  paymentOperation: z.string().optional(),
  ...tokenizationFields,
});

// Only enrolled cards have an issuer method to run; Reject and not-enrolled get none.
export const methodHtml = (env: SandboxEnvironment, order: OrderRecord): string | null =>
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
  const { agreement, errors: agreementErrors } = agreementOf(body);
  const refused = fieldsProblem([...urlErrors, ...agreementErrors], request.correlationId);
  if (refused) return refused;
  const session = findLiveSession(env, body.sessionId);
  if (!session.ok) return gatewayReply(session.error, request.language);
  const mismatch = checkOperation(session.value.paymentOperation, body.paymentOperation);
  if (mismatch) return gatewayReply(mismatch, request.language);
  const cardOnFile = body.cardOnFile ?? session.value.cardOnFile;
  const disabled = savingRefused(env.faults.merchantConfig, cardOnFile);
  if (disabled) return gatewayReply(disabled, request.language);
  if (body.orderId && env.state.orders.has(body.orderId)) {
    return gatewayReply(gatewayCodes.orderIdReused, request.language);
  }
  const order = newOrderRecord(env, {
    id: body.orderId ?? env.uuid(),
    session: session.value,
    returnUrl: body.returnUrl,
    callbackUrl: body.callbackUrl ?? session.value.callbackUrl,
    source: body.source ?? 'DirectAPI',
    card: typedCard(number.value),
  });
  askToSave(order, { cardOnFile, agreement: agreement ?? session.value.agreement });
  const decision = order.initiateDecision;
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
