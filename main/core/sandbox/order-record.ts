import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import { gatewayCodes } from './codes';
import { digestOf } from './digest';
import type { SandboxEnvironment } from './operation-context';
import { addTransaction } from './order-lifecycle';
import { maskedNumber } from './rules/card-facts';
import { noTokenization, type OrderRecord, type TokenRecord } from './state';
import {
  cardBehaviour,
  decisionFor,
  type GatewayDecision,
  type TestCardOutcome,
} from './test-cards';

/** The card an order is made with, as the sandbox keeps it: never the number itself. */
export interface OrderCard {
  readonly numberDigest: string;
  readonly brand: CardBrand | null;
  readonly masked: string;
  readonly outcome: TestCardOutcome;
  readonly challengeReturn: 'GET' | 'POST';
  readonly holderName: string | null;
  readonly expiryMonth: number | null;
  readonly expiryYear: number | null;
}

/** A typed card number: name and expiry come with a later call. */
export const typedCard = (card: { digits: string; brand: CardBrand | null }): OrderCard => ({
  numberDigest: digestOf(card.digits),
  brand: card.brand,
  masked: maskedNumber(card.digits),
  ...cardBehaviour(card.digits),
  holderName: null,
  expiryMonth: null,
  expiryYear: null,
});

/** A saved card: it behaves as the card it was saved from, with that card's name and expiry. */
export const savedCard = (token: TokenRecord): OrderCard => ({
  numberDigest: token.numberDigest,
  brand: token.brand,
  masked: token.masked,
  outcome: token.outcome,
  challengeReturn: token.challengeReturn,
  holderName: token.holderName,
  expiryMonth: token.expiryMonth,
  expiryYear: token.expiryYear,
});

/** What an order is made under: a Direct API session, or a payment link's own checkout. */
export interface OrderOrigin {
  readonly id: string;
  readonly session: {
    readonly id: string;
    readonly merchantReferenceId: string;
    readonly amountMinor: number;
    readonly currency: Currency;
    readonly paymentOperation: string;
    readonly language: string;
  };
  readonly returnUrl: string;
  readonly callbackUrl: string | null;
  readonly source: string;
  readonly card: OrderCard;
  /** The 3-D Secure decision when it does not follow from the card (a merchant-initiated token payment). */
  readonly decision?: GatewayDecision;
}

/**
 * A new order, stored, with its Authentication transaction in progress: its 3-D Secure
 * decision follows from the card (test-cards.ts). Initiate Authentication and the hosted
 * payment page of a link both start orders here, so both behave alike.
 */
export const newOrderRecord = (env: SandboxEnvironment, origin: OrderOrigin): OrderRecord => {
  const { session, card } = origin;
  const decision = origin.decision ?? decisionFor(card.outcome);
  const now = env.clock.now();
  const order: OrderRecord = {
    id: origin.id,
    sequence: env.state.nextSequence(),
    sessionId: session.id,
    merchantReferenceId: session.merchantReferenceId,
    amountMinor: session.amountMinor,
    currency: session.currency,
    paymentOperation: session.paymentOperation,
    returnUrl: origin.returnUrl,
    callbackUrl: origin.callbackUrl,
    language: session.language,
    source: origin.source,
    threeDSecureId: env.uuid(),
    outcome: card.outcome,
    challengeReturn: card.challengeReturn,
    card: {
      numberDigest: card.numberDigest,
      cardDigest: null,
      brand: card.brand,
      masked: card.masked,
      holderName: card.holderName,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
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
    tokenization: noTokenization(),
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
  return order;
};
