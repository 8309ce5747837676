import { z } from 'zod';
import { currencies } from '../../../../shared/money/currencies';
import { gatewayCodes } from '../codes';
import { isoWithZone } from '../dates';
import { SANDBOX_MERCHANT_ID, SESSION_LIFETIME_MS } from '../defaults';
import type { Operation } from '../operation-context';
import { fieldsProblem, refusal, type FieldError } from '../problem-details';
import { gatewayReply } from '../reply';
import { amountFieldError, amountNumber, minorUnitsOf } from '../rules/amount-rules';
import { gatewayNumberSchema } from '../rules/gateway-number';
import { checkReturnUrl } from '../rules/return-url';
import { parseFields } from '../rules/schema-fields';
import { signatureMatches } from '../rules/signature';
import type { SessionRecord } from '../state';
import { agreementOf, savingRefused, tokenizationFields } from '../tokens/token-fields';

const sessionSchema = z.object({
  amount: gatewayNumberSchema,
  currency: z.enum(currencies),
  timestamp: z.string().min(1),
  merchantReferenceId: z.string().min(1).max(100),
  signature: z.string().min(1),
  callbackUrl: z.string().optional(),
  returnUrl: z.string().optional(),
  language: z.string().optional(),
  paymentOperation: z.string().optional(),
  ...tokenizationFields,
});

const sessionShape = (session: SessionRecord, merchantPublicKey: string) => ({
  id: session.id,
  amount: amountNumber(session.amountMinor, session.currency),
  currency: session.currency,
  callbackUrl: session.callbackUrl,
  returnUrl: session.returnUrl,
  expiryDate: isoWithZone(session.expiresAt),
  status: 'Initiated',
  merchantId: SANDBOX_MERCHANT_ID,
  merchantPublicKey,
  merchantReferenceId: session.merchantReferenceId,
  paymentOperation: session.paymentOperation,
  cardOnFile: session.cardOnFile,
  initiatedBy: session.initiatedBy,
  agreementId: session.agreement?.id ?? null,
  agreementType: session.agreement?.type ?? null,
});

/**
 * Create Session: verifies the signature over the very amount, currency, reference and
 * timestamp sent, and fixes amount and currency for the whole payment (later calls cannot
 * change them). Valid for 15 minutes by the sandbox clock.
 */
export const createSession: Operation = (env, request) => {
  const parsed = parseFields(sessionSchema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const body = parsed.value;
  const { agreement, errors: agreementErrors } = agreementOf(body);
  const errors: FieldError[] = [...checkReturnUrl(body.returnUrl), ...agreementErrors];
  const minor = minorUnitsOf(body.amount, body.currency);
  if (!minor.ok) errors.push(amountFieldError(minor.error));
  if (!signatureMatches(env.merchant, body, body.signature)) {
    errors.push({
      field: 'signature',
      code: gatewayCodes.invalidSignature,
      message: gatewayCodes.invalidSignature.detailedResponseMessage,
    });
  }
  const refused = fieldsProblem(errors, request.correlationId);
  if (refused) return refused;
  const disabled = savingRefused(env.faults.merchantConfig, body.cardOnFile ?? false);
  if (disabled) return gatewayReply(disabled, request.language);
  const now = env.clock.now();
  const session: SessionRecord = {
    id: env.uuid(),
    amountMinor: minor.ok ? minor.value : 0,
    currency: body.currency,
    merchantReferenceId: body.merchantReferenceId,
    callbackUrl: body.callbackUrl ?? null,
    returnUrl: body.returnUrl ?? null,
    language: body.language ?? request.language,
    paymentOperation: body.paymentOperation ?? 'Pay',
    cardOnFile: body.cardOnFile ?? false,
    initiatedBy: body.initiatedBy ?? 'Internet',
    agreement,
    createdAt: now,
    expiresAt: now + SESSION_LIFETIME_MS,
  };
  env.state.sessions.set(session.id, session);
  return gatewayReply(gatewayCodes.success, request.language, {
    session: sessionShape(session, env.merchant.merchantPublicKey),
  });
};
