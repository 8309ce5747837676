import { z } from 'zod';
import { gatewayCodes } from '../codes';
import type { Operation, OperationRequest, SandboxEnvironment } from '../operation-context';
import { refusal } from '../problem-details';
import { gatewayReply, type GatewayReply } from '../reply';
import { checkDevice, deviceSchema } from '../rules/device-rules';
import { guidSchema } from '../rules/guid';
import { checkOperation, checkPayable } from '../rules/order-rules';
import { parseFields } from '../rules/schema-fields';
import { findTokenOrder, type TokenOrderKey } from '../tokens/token-order';
import { tokenCvvSchema } from '../tokens/token-rules';
import { cvvMatches } from '../tokens/token-store';
import { payerAnswer } from './payer';

const commonFields = {
  orderId: guidSchema,
  tokenId: guidSchema.optional(),
  cvv: tokenCvvSchema.optional(),
  timeZone: z.union([z.number().int(), z.string()]).optional(),
  source: z.string().optional(),
  paymentOperation: z.string().optional(),
};

// v6 is session-based and identifies the device as Authenticate Payer v6 does.
const v6Schema = z.object({
  sessionId: guidSchema,
  deviceIdentification: deviceSchema,
  ...commonFields,
});

// v3 names the order alone; its browser fields are optional and not judged.
const v3Schema = z.object({ deviceIdentification: deviceSchema.optional(), ...commonFields });

interface PayerInput extends TokenOrderKey {
  readonly cvv?: string | undefined;
  readonly paymentOperation?: string | undefined;
}

/**
 * Authenticate Payer with a token: the token order, still payable, a CVV (when sent) that is
 * the card's, a device set not used before on it; then the challenge (or the straight pass
 * for a card that needs none), as for a typed card.
 */
const authenticateTokenPayer = (
  env: SandboxEnvironment,
  request: OperationRequest,
  body: PayerInput,
  deviceKey: string | null,
): GatewayReply => {
  const found = findTokenOrder(env, body);
  if (!found.ok) return gatewayReply(found.error, request.language);
  const { order, token } = found.value;
  const blocked =
    checkOperation(order.paymentOperation, body.paymentOperation) ?? checkPayable(order);
  if (blocked) return gatewayReply(blocked, request.language);
  if (body.cvv !== undefined && !cvvMatches(token, body.cvv))
    return gatewayReply(gatewayCodes.cvvMismatch, request.language);
  if (deviceKey !== null && order.deviceSets.has(deviceKey))
    return gatewayReply(gatewayCodes.deviceRepeated, request.language);
  if (deviceKey !== null) order.deviceSets.add(deviceKey);
  if (body.cvv !== undefined) order.tokenization.cvvMatched = true;
  return payerAnswer(env, order, request.language);
};

/** Authenticate Payer with a token, v6 (session-based, GATEWAY-MORE.md §5.4). */
export const authenticateTokenPayerV6: Operation = (env, request) => {
  const parsed = parseFields(v6Schema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const device = checkDevice(parsed.value.deviceIdentification);
  if (!device.ok) return refusal(device.error, request.correlationId);
  return authenticateTokenPayer(env, request, parsed.value, device.value);
};

/** Authenticate Payer with a token, v3: the order of initiate/token v3, by its orderId. */
export const authenticateTokenPayerV3: Operation = (env, request) => {
  const parsed = parseFields(v3Schema, request.body);
  if (!parsed.ok) return refusal(parsed.error, request.correlationId);
  const { deviceIdentification, ...body } = parsed.value;
  const device = deviceIdentification ? checkDevice(deviceIdentification) : null;
  if (device && !device.ok) return refusal(device.error, request.correlationId);
  return authenticateTokenPayer(env, request, body, device?.value ?? null);
};
