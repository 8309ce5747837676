import { z } from 'zod';
import { currencies } from '../../../../shared/money/currencies';
import { gatewayCodes } from '../codes';
import type { Operation, OperationRequest, SandboxEnvironment } from '../operation-context';
import { fieldsProblem, refusal, type FieldError } from '../problem-details';
import { gatewayReply, type GatewayReply } from '../reply';
import { amountFieldError, minorUnitsOf } from '../rules/amount-rules';
import { gatewayNumberSchema } from '../rules/gateway-number';
import { guidSchema } from '../rules/guid';
import { checkOperation } from '../rules/order-rules';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields } from '../rules/schema-fields';
import { findLiveSession } from '../rules/session-rules';
import { agreementOf, tokenizationFields } from '../tokens/token-fields';
import { openTokenOrder, sessionlessTerms, type TokenOrderStart } from '../tokens/token-order';
import { needsThreeDs, type TokenUse } from '../tokens/token-rules';
import { methodHtml } from './initiate';

const commonFields = {
  tokenId: guidSchema,
  returnUrl: z.string().optional(),
  orderId: guidSchema.optional(),
  callbackUrl: z.string().optional(),
  source: z.string().optional(),
  paymentOperation: z.string().optional(),
  ...tokenizationFields,
};

const v6Schema = z.object({ sessionId: guidSchema, ...commonFields });

// v3 has no session: amount and currency come with the call (GATEWAY-MORE.md §5.4).
const v3Schema = z.object({
  amount: gatewayNumberSchema,
  currency: z.enum(currencies),
  merchantReferenceId: z.string().min(1).max(100).optional(),
  language: z.string().optional(),
  ...commonFields,
});

type CommonInput = Omit<z.infer<typeof v6Schema>, 'sessionId'>;

/** The field errors every token initiate shares: the agreement, and a returnUrl to come back to. */
const startErrors = (body: CommonInput, use: TokenUse, returnUrl: string | null): FieldError[] => {
  const errors = [...agreementOf(body).errors, ...checkReturnUrl(body.returnUrl)];
  if (use.initiatedBy === 'Internet' && returnUrl === null) {
    errors.push({
      field: 'returnUrl',
      code: gatewayCodes.invalidFields,
      message: 'The returnUrl field is required for a customer-initiated payment.',
    });
  }
  return errors;
};

const useOf = (body: CommonInput): TokenUse => ({
  initiatedBy: body.initiatedBy ?? 'Internet',
  agreement: agreementOf(body).agreement,
});

/** Initiate/token's answer for the order it opened, as Initiate Authentication answers. */
const startTokenOrder = (
  env: SandboxEnvironment,
  request: OperationRequest,
  body: CommonInput,
  start: Omit<TokenOrderStart, 'use' | 'tokenId'>,
): GatewayReply => {
  const use = useOf(body);
  const threeDs = needsThreeDs(env.faults.merchantConfig, use);
  const opened = openTokenOrder(env, { ...body, ...start, use }, 'authenticate');
  if (!opened.ok) return gatewayReply(opened.error, request.language);
  const { order } = opened.value;
  const decision = order.initiateDecision;
  return gatewayReply(
    decision === 'Reject' ? gatewayCodes.authenticationRejected : gatewayCodes.success,
    request.language,
    {
      orderId: order.id,
      threeDSecureId: order.threeDSecureId,
      redirectHtml: threeDs ? methodHtml(env, order) : null,
      gatewayDecision: decision,
    },
  );
};

/** Initiate Authentication with a token, v6 (session-based; RN's flow, GATEWAY-MORE.md §5.4). */
export const initiateTokenV6: Operation = (env, request) => {
  const parsed = parseFields(v6Schema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const session = env.state.sessions.get(body.sessionId);
  const returnUrl = body.returnUrl ?? session?.returnUrl ?? null;
  const refused = fieldsProblem(startErrors(body, useOf(body), returnUrl), request.correlationId);
  if (refused) return refused;
  const live = findLiveSession(env, body.sessionId);
  if (!live.ok) return gatewayReply(live.error, request.language);
  const mismatch = checkOperation(live.value.paymentOperation, body.paymentOperation);
  if (mismatch) return gatewayReply(mismatch, request.language);
  return startTokenOrder(env, request, body, {
    session: live.value,
    returnUrl,
    callbackUrl: body.callbackUrl ?? live.value.callbackUrl,
  });
};

/**
 * Initiate Authentication with a token, v3 (no session): the order takes the amount, currency,
 * reference and operation sent here. Its session id names no session, so the v6 and v2 calls
 * cannot reach it; payer/token v3 and pay/token v1 do, by orderId.
 */
export const initiateTokenV3: Operation = (env, request) => {
  const parsed = parseFields(v3Schema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const minor = minorUnitsOf(body.amount, body.currency);
  const errors = startErrors(body, useOf(body), body.returnUrl ?? null);
  if (!minor.ok) errors.push(amountFieldError(minor.error));
  const refused = fieldsProblem(errors, request.correlationId);
  if (refused || !minor.ok) return refused ?? refusal(errors, request.correlationId);
  return startTokenOrder(env, request, body, {
    session: sessionlessTerms(env, {
      ...body,
      amountMinor: minor.value,
      language: body.language ?? request.language,
    }),
    returnUrl: body.returnUrl ?? null,
    callbackUrl: body.callbackUrl ?? null,
  });
};
