import { z } from 'zod';
import { currencies, currencyExponents } from '../../../../shared/money/currencies';
import { gatewayCodes } from '../codes';
import type { Operation, OperationRequest, SandboxEnvironment } from '../operation-context';
import { authenticationBlock, settlePay } from '../pay-settle';
import { fieldsProblem, problemReply, refusal } from '../problem-details';
import { gatewayReply, type GatewayReply } from '../reply';
import { amountFieldError, minorUnitsOf } from '../rules/amount-rules';
import { gatewayNumberSchema } from '../rules/gateway-number';
import { guidSchema } from '../rules/guid';
import { checkOperation, checkPayable } from '../rules/order-rules';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields } from '../rules/schema-fields';
import { signatureMatches } from '../rules/signature';
import type { OrderRecord, TokenRecord } from '../state';
import { agreementOf, initiatedBySchema, tokenizationFields } from '../tokens/token-fields';
import { findTokenOrder, openTokenOrder, sessionlessTerms } from '../tokens/token-order';
import { checkTokenCvv, tokenCvvSchema } from '../tokens/token-rules';

const commonFields = {
  cvv: tokenCvvSchema.optional(),
  initiatedBy: initiatedBySchema.optional(),
  paymentOperation: z.string().optional(),
  source: z.string().optional(),
};

// Amount and currency, if sent, are ignored: the session's stand (as Pay v2).
const v2Schema = z.object({
  sessionId: guidSchema,
  orderId: guidSchema,
  threeDSecureId: z.string().min(1),
  tokenId: guidSchema.optional(),
  signature: z.string().min(1),
  timestamp: z.string().min(1),
  ...commonFields,
});

const v1Schema = z.object({
  amount: gatewayNumberSchema,
  currency: z.enum(currencies),
  tokenId: guidSchema,
  orderId: guidSchema.optional(),
  threeDSecureId: z.string().min(1).optional(),
  merchantReferenceId: z.string().min(1).max(100).optional(),
  callbackUrl: z.string().optional(),
  returnUrl: z.string().optional(),
  language: z.string().optional(),
  ...tokenizationFields,
  ...commonFields,
});

interface PayInput {
  readonly cvv?: string | undefined;
  readonly initiatedBy?: string | undefined;
  readonly paymentOperation?: string | undefined;
  readonly threeDSecureId?: string | undefined;
}

/**
 * Pay with a token on its order: the values of initiate/token (initiator, threeDSecureId,
 * operation), still payable, the CVV rules, a passed authentication; then as Pay, once
 * (faults included). A repeat on a paid order is `400.001` and charges nothing.
 */
const payTokenOrder = (
  env: SandboxEnvironment,
  request: OperationRequest,
  found: { order: OrderRecord; token: TokenRecord },
  input: PayInput,
): Promise<GatewayReply | null> | GatewayReply => {
  const { order, token } = found;
  const { tokenization } = order;
  const differs =
    (input.initiatedBy !== undefined && input.initiatedBy !== tokenization.initiatedBy) ||
    (input.threeDSecureId !== undefined &&
      input.threeDSecureId.toLowerCase() !== order.threeDSecureId);
  if (differs) return gatewayReply(gatewayCodes.valuesMismatch, request.language);
  const blocked =
    checkOperation(order.paymentOperation, input.paymentOperation) ??
    checkPayable(order) ??
    checkTokenCvv(
      env.faults.merchantConfig,
      token,
      tokenization,
      input.cvv,
      tokenization.cvvMatched,
    ) ??
    authenticationBlock(order);
  if (blocked) return gatewayReply(blocked, request.language);
  return settlePay(env, order, request.language, () => undefined);
};

/**
 * Pay with a token, v2 (RN's session-based flow, GATEWAY-MORE.md §5.4): the session, order
 * and threeDSecureId of initiate/token v6, signed as Create Session is, over the session's
 * amount, currency and reference and this call's `timestamp`.
 */
export const payTokenV2: Operation = (env, request) => {
  const parsed = parseFields(v2Schema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const found = findTokenOrder(env, body);
  if (!found.ok) return gatewayReply(found.error, request.language);
  const session = env.state.sessions.get(body.sessionId);
  const signed =
    session !== undefined &&
    signatureMatches(
      env.merchant,
      {
        amount: {
          mantissa: BigInt(session.amountMinor),
          scale: currencyExponents[session.currency],
        },
        currency: session.currency,
        merchantReferenceId: session.merchantReferenceId,
        timestamp: body.timestamp,
      },
      body.signature,
    );
  if (!signed) {
    return problemReply(gatewayCodes.invalidSignature, request.correlationId, {
      signature: [gatewayCodes.invalidSignature.detailedResponseMessage],
    });
  }
  return payTokenOrder(env, request, found.value, body);
};

/**
 * Pay with a token, v1 (GATEWAY-MORE.md §5.3). With `orderId` (and its `threeDSecureId`) it
 * pays the order of initiate/token v3, for its very amount and currency. Without, it opens and
 * pays an order at once: merchant-initiated, or customer-present when the configuration does
 * not require 3-D Secure (else `700.010`).
 */
export const payTokenV1: Operation = (env, request) => {
  const parsed = parseFields(v1Schema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const minor = minorUnitsOf(body.amount, body.currency);
  const { agreement, errors } = agreementOf(body);
  const fieldErrors = [...errors, ...checkReturnUrl(body.returnUrl)];
  if (!minor.ok) fieldErrors.push(amountFieldError(minor.error));
  if (body.orderId !== undefined && body.threeDSecureId === undefined) {
    fieldErrors.push({
      field: 'threeDSecureId',
      code: gatewayCodes.invalidFields,
      message: 'The threeDSecureId field is required with orderId.',
    });
  }
  const refused = fieldsProblem(fieldErrors, request.correlationId);
  if (refused || !minor.ok) return refused ?? refusal(fieldErrors, request.correlationId);
  if (body.orderId !== undefined) {
    const found = findTokenOrder(env, { orderId: body.orderId, tokenId: body.tokenId });
    if (!found.ok) return gatewayReply(found.error, request.language);
    const { order } = found.value;
    if (order.amountMinor !== minor.value || order.currency !== body.currency)
      return gatewayReply(gatewayCodes.valuesMismatch, request.language);
    return payTokenOrder(env, request, found.value, body);
  }
  const opened = openTokenOrder(
    env,
    {
      session: sessionlessTerms(env, {
        ...body,
        amountMinor: minor.value,
        language: body.language ?? request.language,
      }),
      tokenId: body.tokenId,
      returnUrl: body.returnUrl ?? null,
      callbackUrl: body.callbackUrl ?? null,
      source: body.source,
      use: { initiatedBy: body.initiatedBy ?? 'Internet', agreement },
    },
    'direct',
  );
  if (!opened.ok) return gatewayReply(opened.error, request.language);
  return payTokenOrder(env, request, opened.value, body);
};
