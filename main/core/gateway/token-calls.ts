import { z } from 'zod';
import type { CardAgreement, GatewayCredentials, SavedCardToken } from '../ports';
import type { DeviceIdentification, PaymentOperation } from './call-types';
import type { GatewayResult } from './gateway-error';
import type { GatewaySend } from './json-call';
import type { GatewayOrder } from './order-schema';
import {
  initiateResponseSchema,
  orderResponseSchema,
  payerResponseSchema,
  type InitiateResponse,
  type OrderResponse,
  type PayerResponse,
} from './response-schemas';
import { sessionSignature } from './session-signature';

/**
 * The token calls Paydesk uses (GATEWAY-MORE.md §5): the v6 session-based token 3-D Secure
 * flow with Pay with token v2, Get token, and the merchant configuration that says what the
 * merchant's tokens allow. A token id is a secret of the merchant account: it travels in
 * bodies and paths only, and the call log names the operation, never the path or body.
 */

/** Who starts a payment (GATEWAY-MORE.md §6): the customer (`Internet`) or the merchant. */
export type InitiatedBy = 'Internet' | 'Merchant';

/**
 * `cardOnFile` on session, Initiate and Payer: the paid order then carries a token, saved
 * under our agreement for later merchant-initiated payments.
 */
export interface SaveCardTerms {
  agreement: CardAgreement;
}

/** The fields that ask the gateway to keep the card (sent on all three calls alike). */
export const cardOnFileFields = (save: SaveCardTerms | null | undefined) =>
  save
    ? {
        cardOnFile: true,
        initiatedBy: 'Internet' satisfies InitiatedBy,
        agreementId: save.agreement.id,
        agreementType: save.agreement.type,
      }
    : { cardOnFile: false };

/** The token's own terms on a token call: who initiates, and the agreement for `Merchant`. */
const initiatorFields = (initiatedBy: InitiatedBy, agreement: CardAgreement | null) => ({
  initiatedBy,
  ...(initiatedBy === 'Merchant' && agreement
    ? { agreementId: agreement.id, agreementType: agreement.type }
    : {}),
});

const lenientBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False'])])
  .nullish()
  .transform((v) => v === true || v === 'true' || v === 'True');

/** GET /pgw/api/v1/config/{merchantPublicKey}: the token flags (AND MerchantConfigurationResponse). */
export const merchantConfigSchema = z.object({
  isTokenizationEnabled: lenientBoolean,
  isCvvRequiredForTokenPayments: lenientBoolean,
  is3dsRequiredForTokenPayments: lenientBoolean,
  allowedInitiatedByValues: z
    .array(z.string())
    .nullish()
    .catch(null)
    .transform((v) => v ?? []),
});
export type MerchantConfig = z.infer<typeof merchantConfigSchema>;

/** GET /pgw/api/v1/direct/token/{tokenId}: what the gateway still knows of a token. */
export const tokenResponseSchema = z.object({
  lastFourDigits: z.string().nullish().catch(null),
  schema: z.string().nullish().catch(null),
  expiryDate: z
    .object({ month: z.coerce.number().int(), year: z.coerce.number().int() })
    .nullish()
    .catch(null),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const paths = {
  initiate: '/pgw/api/v6/direct/authenticate/initiate/token',
  payer: '/pgw/api/v6/direct/authenticate/payer/token',
  pay: '/pgw/api/v2/direct/pay/token',
  token: (tokenId: string) => `/pgw/api/v1/direct/token/${encodeURIComponent(tokenId)}`,
  config: (key: string) => `/pgw/api/v1/config/${encodeURIComponent(key)}`,
};

/** A card year as four digits (the gateway writes `39` or `2039`). */
const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/**
 * The token a paid order issued for its card, as the customer's record keeps it; null when
 * the order saved no card (or says too little of it to show the customer later).
 */
export function savedTokenOf(order: GatewayOrder): SavedCardToken | null {
  const method = order.paymentMethod;
  const expiry = method?.expiryDate;
  if (!order.tokenId || !method?.maskedCardNumber || !expiry) return null;
  if (expiry.month < 1 || expiry.month > 12) return null;
  return {
    tokenId: order.tokenId,
    maskedCard: method.maskedCardNumber,
    brand: method.brand ?? null,
    expiryMonth: expiry.month,
    expiryYear: fullYear(expiry.year),
  };
}

export function createTokenCalls(
  call: GatewaySend,
  credentials: GatewayCredentials,
  payHeadersMs: number,
) {
  return {
    /** Token 3-D Secure, v6 (session-based): decides whether the payer step follows. */
    initiateToken(
      input: {
        sessionId: string;
        tokenId: string;
        returnUrl: string;
        operation: PaymentOperation;
        initiatedBy: InitiatedBy;
        agreement: CardAgreement | null;
      },
      signal?: AbortSignal,
    ): Promise<GatewayResult<InitiateResponse>> {
      const body = {
        sessionId: input.sessionId,
        tokenId: input.tokenId,
        returnUrl: input.returnUrl,
        paymentOperation: input.operation,
        ...initiatorFields(input.initiatedBy, input.agreement),
      };
      return call('token-initiate', 'POST', paths.initiate, initiateResponseSchema, body, signal);
    },

    /** Token 3-D Secure payer step, with fresh device values like the keyed one. */
    authenticatePayerToken(
      input: {
        sessionId: string;
        orderId: string;
        tokenId: string;
        returnUrl: string;
        cvv: string | null;
        device: DeviceIdentification;
        timeZone: number;
        operation: PaymentOperation;
      },
      signal?: AbortSignal,
    ): Promise<GatewayResult<PayerResponse>> {
      const body = {
        sessionId: input.sessionId,
        orderId: input.orderId,
        tokenId: input.tokenId,
        returnUrl: input.returnUrl,
        deviceIdentification: input.device,
        timeZone: input.timeZone,
        javaScriptEnabled: true,
        javaEnabled: false,
        paymentOperation: input.operation,
        initiatedBy: 'Internet' satisfies InitiatedBy,
        ...(input.cvv ? { cvv: input.cvv } : {}),
      };
      return call('token-payer', 'POST', paths.payer, payerResponseSchema, body, signal);
    },

    /**
     * Pay with token v2 on the session's order; signed like the session (the same amount,
     * currency and reference). Takes no signal: once sent it is waited for, never abandoned.
     */
    payToken(input: {
      sessionId: string;
      orderId: string;
      threeDSecureId: string | null;
      cvv: string | null;
      initiatedBy: InitiatedBy;
      agreement: CardAgreement | null;
      operation: PaymentOperation;
      amount: number;
      currency: string;
      merchantReferenceId: string;
      timestamp: string;
    }): Promise<GatewayResult<OrderResponse>> {
      const signature = sessionSignature({
        amount: input.amount,
        currency: input.currency,
        merchantReferenceId: input.merchantReferenceId,
        timestamp: input.timestamp,
        ...credentials,
      });
      const body = {
        sessionId: input.sessionId,
        orderId: input.orderId,
        ...(input.threeDSecureId ? { threeDSecureId: input.threeDSecureId } : {}),
        ...(input.cvv ? { cvv: input.cvv } : {}),
        ...initiatorFields(input.initiatedBy, input.agreement),
        paymentOperation: input.operation,
        signature,
        timestamp: input.timestamp,
      };
      return call(
        'token-pay',
        'POST',
        paths.pay,
        orderResponseSchema,
        body,
        undefined,
        payHeadersMs,
      );
    },

    getToken(tokenId: string, signal?: AbortSignal): Promise<GatewayResult<TokenResponse>> {
      return call('token-get', 'GET', paths.token(tokenId), tokenResponseSchema, undefined, signal);
    },

    merchantConfig(signal?: AbortSignal): Promise<GatewayResult<MerchantConfig>> {
      const path = paths.config(credentials.merchantPublicKey);
      return call('merchant-config', 'GET', path, merchantConfigSchema, undefined, signal);
    },
  };
}

export type TokenCalls = ReturnType<typeof createTokenCalls>;
