import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import { BoundedMap } from './bounded-map';
import type { GatewayCode } from './codes';
import type { LinkRecord, OutboxMessage } from './links/link-record';
import type { GatewayDecision, TestCardOutcome } from './test-cards';

export interface SessionRecord {
  readonly id: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly merchantReferenceId: string;
  readonly callbackUrl: string | null;
  readonly returnUrl: string | null;
  readonly language: string;
  readonly paymentOperation: string;
  readonly cardOnFile: boolean;
  /** How a card saved by this session may be charged later (GATEWAY-MORE.md §5.1). */
  readonly initiatedBy: InitiatedBy;
  readonly agreement: Agreement | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/**
 * Where 3-D Secure stands for an order. `passed` covers frictionless and not-enrolled cards
 * too (no challenge is needed for them); `rejected` is Initiate's Reject.
 */
export type InitiatedBy = 'Internet' | 'Merchant';
export type AgreementType = 'Recurring' | 'Installment' | 'Unscheduled';

/** The merchant's agreement with the cardholder a saved card is charged under. */
export interface Agreement {
  readonly id: string;
  readonly type: AgreementType;
}

/**
 * An order's part in tokenization: whether it saves its card once paid (cardOnFile), or
 * pays with a token (and how it was initiated); the token it issued or paid with.
 */
export interface OrderTokenization {
  cardOnFile: boolean;
  initiatedBy: InitiatedBy;
  agreement: Agreement | null;
  tokenId: string | null;
  /** Paid with a token rather than a typed card. */
  withToken: boolean;
  /** A CVV was sent for this token order and matched the card's. */
  cvvMatched: boolean;
}

/** The tokenization of an order that neither saves nor uses a card on file. */
export const noTokenization = (): OrderTokenization => ({
  cardOnFile: false,
  initiatedBy: 'Internet',
  agreement: null,
  tokenId: null,
  withToken: false,
  cvvMatched: false,
});

/**
 * A saved card (GATEWAY-MORE.md §5): never its number or CVV, only digests to compare later
 * calls against, what Get token and orders show, and how the card behaves (its test card).
 */
export interface TokenRecord {
  readonly id: string;
  /** The merchant the token was issued to: any other merchant is told it does not exist. */
  readonly merchantPublicKey: string;
  readonly numberDigest: string;
  readonly cvvDigest: string;
  readonly brand: CardBrand | null;
  readonly masked: string;
  readonly outcome: TestCardOutcome;
  readonly challengeReturn: 'GET' | 'POST';
  readonly holderName: string | null;
  expiryMonth: number;
  /** Two-digit year, as the order shows it. */
  expiryYear: number;
  readonly agreement: Agreement | null;
  /** The session whose payment saved it (the session lookup of Get token), if any. */
  readonly sessionId: string | null;
  readonly createdAt: number;
}

export type AuthenticationStatus = 'pending' | 'passed' | 'failed' | 'cancelled' | 'rejected';

/**
 * What the sandbox keeps of a card: never the number or CVV, only digests to compare later
 * calls against, and what the order shows (brand, mask, name, expiry).
 */
export interface CardFacts {
  numberDigest: string;
  /** Digest of number + expiry, known once Authenticate Payer (or Pay) sent the expiry. */
  cardDigest: string | null;
  readonly brand: CardBrand | null;
  readonly masked: string;
  holderName: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
}

export type TransactionType =
  'Authentication' | 'Authorization' | 'Capture' | 'Pay' | 'Refund' | 'Reversal' | 'Void';
export type TransactionStatus = 'InProgress' | 'Success' | 'Failed';

/**
 * One transaction of an order. The Authentication transaction is updated as 3-D Secure
 * moves on, a pending Pay when it ends; the others are written once.
 */
export interface TransactionRecord {
  readonly id: string;
  readonly type: TransactionType;
  status: TransactionStatus;
  readonly amountMinor: number;
  readonly source: string;
  code: GatewayCode;
  acquirerCode: string;
  acquirerMessage: string;
  authorizationCode: string | null;
  rrn: string | null;
  stan: string | null;
  readonly parentId: string | null;
  readonly correlationId: string;
  readonly paymentAttemptId: string;
  readonly createdAt: number;
  updatedAt: number;
}

/** The order's detailedStatus values the sandbox produces (a subset of GATEWAY-MORE.md §6). */
export type DetailedStatus =
  | 'Initiated'
  | 'Authenticated'
  | 'AuthenticationFailed'
  | 'Authorized'
  | 'Captured'
  | 'Paid'
  | 'PayFailed'
  | 'Refunded'
  | 'PartiallyRefunded'
  | 'Cancelled'
  | 'ClientTimedOut'
  | 'ServerTimedOut'
  | 'Reversed'
  | 'Voided';

export interface OrderRecord {
  readonly id: string;
  /** Creation order, for "newest first" when two orders share a millisecond. */
  readonly sequence: number;
  readonly sessionId: string;
  readonly merchantReferenceId: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  /** The session's paymentOperation: 'PreAuthorize' makes Pay a hold (Authorized). */
  readonly paymentOperation: string;
  readonly returnUrl: string;
  readonly callbackUrl: string | null;
  readonly language: string;
  readonly source: string;
  readonly threeDSecureId: string;
  readonly outcome: TestCardOutcome;
  readonly challengeReturn: 'GET' | 'POST';
  readonly card: CardFacts;
  readonly initiateDecision: GatewayDecision;
  gatewayDecision: GatewayDecision;
  authentication: AuthenticationStatus;
  /** The current challenge's ACS transaction id (new per Authenticate Payer). */
  acsTransactionId: string;
  readonly dsTransactionId: string;
  /** The CAVV the issuer gives once authentication passes. */
  authenticationValue: string | null;
  methodCompleted: boolean;
  detailedStatus: DetailedStatus;
  /** The reason Cancel gave (`CancelledByUser`, `TimedOut`), once cancelled. */
  cancelReason: string | null;
  /** A Pay was accepted and has not landed yet (payLandsLate): a second Pay is refused. */
  payInFlight: boolean;
  /** Captures that stand (Pay or Capture): more than one would be a double charge. */
  captureCount: number;
  payAttempts: number;
  refundedMinor: number;
  customerPhone: { number: string; countryCode: string } | null;
  /** Digests of the device identification sets Authenticate Payer accepted for this order. */
  readonly deviceSets: Set<string>;
  readonly tokenization: OrderTokenization;
  readonly transactions: TransactionRecord[];
  readonly createdAt: number;
  updatedAt: number;
}

/** How many sessions and orders the sandbox keeps before it forgets the least recently used. */
export interface StateLimits {
  readonly maxSessions: number;
  readonly maxOrders: number;
  readonly maxTokens: number;
}

export const defaultStateLimits: StateLimits = {
  maxSessions: 10_000,
  maxOrders: 10_000,
  maxTokens: 10_000,
};

/**
 * The sandbox's memory: one merchant (and tokens others planted), lost on close, like a test environment reset. Sessions
 * and orders are bounded (least recently used evicted first, `StateLimits`): an evicted
 * session or order answers as unknown (200.001 / 200.004).
 */
export class SandboxState {
  readonly sessions: BoundedMap<string, SessionRecord>;
  readonly orders: BoundedMap<string, OrderRecord>;
  /** Orders by the ACS transaction id of their current challenge (the issuer page's key). */
  readonly ordersByAcsTransaction = new Map<string, OrderRecord>();
  /** Orders by threeDSecureId (the gateway completion step's key). */
  readonly ordersByThreeDSecureId = new Map<string, OrderRecord>();
  /** Payment links by paymentIntentId (lower case), and the SMS and emails sent for them. */
  readonly links = new Map<string, LinkRecord>();
  readonly outbox: OutboxMessage[] = [];
  /** Saved cards by tokenId (lower case), every merchant's. */
  readonly tokens: BoundedMap<string, TokenRecord>;
  private sequence = 0;

  constructor(limits: StateLimits = defaultStateLimits) {
    this.sessions = new BoundedMap(limits.maxSessions);
    this.tokens = new BoundedMap(limits.maxTokens);
    this.orders = new BoundedMap(limits.maxOrders, (_id, order) => {
      this.ordersByAcsTransaction.delete(order.acsTransactionId);
      this.ordersByThreeDSecureId.delete(order.threeDSecureId);
    });
  }

  /** The next creation sequence number for an order. */
  nextSequence(): number {
    this.sequence += 1;
    return this.sequence;
  }

  addOrder(order: OrderRecord): void {
    this.ordersByAcsTransaction.set(order.acsTransactionId, order);
    this.ordersByThreeDSecureId.set(order.threeDSecureId, order);
    this.orders.set(order.id, order);
  }

  /** A new challenge for the order: the previous issuer page stops answering. */
  replaceAcsTransaction(order: OrderRecord, acsTransactionId: string): void {
    this.ordersByAcsTransaction.delete(order.acsTransactionId);
    order.acsTransactionId = acsTransactionId;
    if (this.orders.has(order.id)) this.ordersByAcsTransaction.set(acsTransactionId, order);
  }
}
