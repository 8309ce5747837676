import type { Dispatcher } from 'undici';
import type { GatewayCredentials, Logger } from '../ports';
import { gatewaySend, type CallTarget } from './json-call';
import type { z } from 'zod';
import type { GatewayOperation, GatewayResult } from './gateway-error';
import {
  cancelResponseSchema,
  initiateResponseSchema,
  orderResponseSchema,
  payerResponseSchema,
  sessionResponseSchema,
  type CancelResponse,
  type InitiateResponse,
  type OrderResponse,
  type PayerResponse,
  type SessionResponse,
} from './response-schemas';
import {
  orderSearchPath,
  orderSearchResponseSchema,
  type OrderSearchPage,
  type OrderSearchQuery,
} from './order-search';
import { sessionSignature } from './session-signature';
import { cardOnFileFields, createTokenCalls, type SaveCardTerms } from './token-calls';
import type { GatewayTimeouts } from './timeouts';
import type { DeviceIdentification, PaymentOperation } from './call-types';

/** Card as the gateway takes it; lives only in the attempt's memory. */
export interface CardDetails {
  number: string;
  holderName: string;
  cvv: string;
  /** Two digits each, as the seed's paymentMethod.expiryDate wants. */
  expiryMonth: string;
  expiryYear: string;
}

export type { DeviceIdentification, PaymentOperation } from './call-types';

export interface GatewayClientOptions {
  baseUrl: URL;
  credentials: GatewayCredentials;
  dispatcher: Dispatcher;
  timeouts: GatewayTimeouts;
  language: 'en' | 'ar';
  logger: Logger;
  now: () => number;
}

const paths = {
  session: '/payment-intent/api/v2/direct/session',
  initiate: '/pgw/api/v6/direct/authenticate/initiate',
  payer: '/pgw/api/v6/direct/authenticate/payer',
  pay: '/pgw/api/v2/direct/pay',
  order: (orderId: string) => `/pgw/api/v1/direct/order/${encodeURIComponent(orderId)}`,
  refund: '/pgw/api/v1/direct/refund',
  cancel: '/pgw/api/v1/direct/cancel',
  capture: '/pgw/api/v1/direct/capture',
};

const cardBody = (card: CardDetails, expiry: (two: string) => string | number) => ({
  cardNumber: card.number,
  cardholderName: card.holderName,
  cvv: card.cvv,
  expiryDate: { month: expiry(card.expiryMonth), year: expiry(card.expiryYear) },
});

export type GatewayClient = ReturnType<typeof createGatewayClient>;

/**
 * The gateway's calls (GATEWAY.md, seed §4) with the merchant's Basic credential. Every
 * method resolves to a `GatewayResult`; none throws. `signal` aborts a call the operator
 * cancelled; Pay takes none: once sent it is waited for (or left in doubt), never abandoned.
 */
export function createGatewayClient(options: GatewayClientOptions) {
  const { timeouts, credentials } = options;
  const basic = Buffer.from(`${credentials.merchantPublicKey}:${credentials.apiPassword}`, 'utf8');
  const target: CallTarget = {
    dispatcher: options.dispatcher,
    baseUrl: options.baseUrl,
    authorization: `Basic ${basic.toString('base64')}`,
    language: options.language,
    logger: options.logger,
    now: options.now,
  };
  const send = gatewaySend(target, timeouts);
  const post = <S extends z.ZodType>(
    operation: GatewayOperation,
    path: string,
    body: unknown,
    schema: S,
    signal?: AbortSignal,
    headersTimeoutMs?: number,
  ) => send(operation, 'POST', path, schema, body, signal, headersTimeoutMs);

  return {
    /** Where and as whom this client calls; the payment-link calls go the same way. */
    target,
    ...createTokenCalls(send, credentials, timeouts.payHeadersMs),

    createSession(
      {
        operation = 'Pay',
        ...input
      }: {
        amount: number;
        currency: string;
        merchantReferenceId: string;
        timestamp: string;
        operation?: PaymentOperation;
        /** Keep the card: the paid order then carries a token. */
        save?: SaveCardTerms | null;
      },
      signal?: AbortSignal,
    ): Promise<GatewayResult<SessionResponse>> {
      const { save, ...signed } = input;
      const signature = sessionSignature({ ...signed, ...credentials });
      const body = {
        ...signed,
        signature,
        paymentOperation: operation,
        ...cardOnFileFields(save),
        language: options.language,
      };
      return post('session', paths.session, body, sessionResponseSchema, signal);
    },

    initiateAuthentication(
      {
        operation = 'Pay',
        save,
        ...input
      }: {
        sessionId: string;
        cardNumber: string;
        returnUrl: string;
        operation?: PaymentOperation;
        save?: SaveCardTerms | null;
      },
      signal?: AbortSignal,
    ): Promise<GatewayResult<InitiateResponse>> {
      const body = { ...input, paymentOperation: operation, ...cardOnFileFields(save) };
      return post('initiate', paths.initiate, body, initiateResponseSchema, signal);
    },

    authenticatePayer(
      input: {
        sessionId: string;
        orderId: string;
        card: CardDetails;
        device: DeviceIdentification;
        /** Minutes east of UTC, an integer as the seed says. */
        timeZone: number;
        operation: PaymentOperation;
        save?: SaveCardTerms | null;
      },
      signal?: AbortSignal,
    ): Promise<GatewayResult<PayerResponse>> {
      const body = {
        sessionId: input.sessionId,
        orderId: input.orderId,
        paymentMethod: cardBody(input.card, (two) => two),
        deviceIdentification: input.device,
        timeZone: input.timeZone,
        javaScriptEnabled: true,
        javaEnabled: false,
        paymentOperation: input.operation,
        ...(input.save ? cardOnFileFields(input.save) : {}),
      };
      return post('payer', paths.payer, body, payerResponseSchema, signal);
    },

    pay(input: {
      sessionId: string;
      orderId: string;
      threeDSecureId: string;
      card: CardDetails;
      returnUrl: string;
      phone: { countryCode: string; number: string } | null;
      operation: PaymentOperation;
    }): Promise<GatewayResult<OrderResponse>> {
      const phone = input.phone
        ? {
            customerPhoneCountryCode: input.phone.countryCode,
            customerPhoneNumber: input.phone.number,
          }
        : {};
      const body = {
        sessionId: input.sessionId,
        orderId: input.orderId,
        threeDSecureId: input.threeDSecureId,
        // The session's operation again: the gateway refuses a Pay that differs from it.
        paymentOperation: input.operation,
        // The seed's Pay shape sends month and year as JSON numbers.
        paymentMethod: cardBody(input.card, Number),
        returnUrl: input.returnUrl,
        ...phone,
      };
      return post('pay', paths.pay, body, orderResponseSchema, undefined, timeouts.payHeadersMs);
    },

    getOrder(orderId: string, signal?: AbortSignal): Promise<GatewayResult<OrderResponse>> {
      return send('order', 'GET', paths.order(orderId), orderResponseSchema, undefined, signal);
    },

    /** `amount` absent: full refund of what is left. */
    refund(input: { orderId: string; amount?: number }): Promise<GatewayResult<OrderResponse>> {
      const amount = input.amount === undefined ? {} : { refundAmount: input.amount };
      return post(
        'refund',
        paths.refund,
        { orderId: input.orderId, ...amount },
        orderResponseSchema,
      );
    },

    /** Takes a hold (`Authorized` order) in full: no amount field exists (GATEWAY-MORE.md §3.2). */
    capture(orderId: string): Promise<GatewayResult<OrderResponse>> {
      return post('capture', paths.capture, { orderId }, orderResponseSchema);
    },

    /**
     * Releases a hold: the void of an `Authorized` order. Its endpoint is unconfirmed; the
     * official Flutter and React Native clients post it to the refund path with the refund
     * body and no amount (GATEWAY-MORE.md §3.4), and so does Paydesk.
     */
    release(orderId: string): Promise<GatewayResult<OrderResponse>> {
      return post('release', paths.refund, { orderId }, orderResponseSchema);
    },

    /** Only for an order still in progress (GATEWAY-MORE.md §3.3); never a void. */
    cancelOrder(input: {
      orderId: string;
      reason: 'CancelledByUser' | 'TimedOut';
    }): Promise<GatewayResult<CancelResponse>> {
      return post('cancel', paths.cancel, input, cancelResponseSchema);
    },

    /** One page of the order search (the shift reconciliation reads every page). */
    searchOrders(
      query: OrderSearchQuery,
      signal?: AbortSignal,
    ): Promise<GatewayResult<OrderSearchPage>> {
      const path = orderSearchPath(query);
      return send('search', 'GET', path, orderSearchResponseSchema, undefined, signal);
    },
  };
}
