import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import { gatewayCodes } from './codes';
import { digestOf } from './digest';
import type { SandboxEnvironment } from './operation-context';
import { addTransaction } from './order-lifecycle';
import { maskedNumber } from './rules/card-facts';
import type { OrderRecord } from './state';
import { cardBehaviour, decisionFor } from './test-cards';

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
  readonly card: { readonly digits: string; readonly brand: CardBrand | null };
}

/**
 * A new order, stored, with its Authentication transaction in progress: its 3-D Secure
 * decision follows from the card (test-cards.ts). Initiate Authentication and the hosted
 * payment page of a link both start orders here, so both behave alike.
 */
export const newOrderRecord = (env: SandboxEnvironment, origin: OrderOrigin): OrderRecord => {
  const { session, card } = origin;
  const behaviour = cardBehaviour(card.digits);
  const decision = decisionFor(behaviour.outcome);
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
    outcome: behaviour.outcome,
    challengeReturn: behaviour.challengeReturn,
    card: {
      numberDigest: digestOf(card.digits),
      cardDigest: null,
      brand: card.brand,
      masked: maskedNumber(card.digits),
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
  return order;
};
