import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import type { GatewayCode } from './codes';
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
  readonly createdAt: number;
  readonly expiresAt: number;
}

/**
 * Where 3-D Secure stands for an order. `passed` covers frictionless and not-enrolled cards
 * too (no challenge is needed for them); `rejected` is Initiate's Reject.
 */
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

export type TransactionType = 'Authentication' | 'Pay' | 'Refund' | 'Void';
export type TransactionStatus = 'InProgress' | 'Success' | 'Failed';

/**
 * One transaction of an order. The Authentication transaction is updated as 3-D Secure
 * moves on; the others are written once.
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

export type DetailedStatus =
  | 'Initiated'
  | 'Authenticated'
  | 'AuthenticationFailed'
  | 'Paid'
  | 'PayFailed'
  | 'Refunded'
  | 'PartiallyRefunded'
  | 'Cancelled'
  | 'Voided';

export interface OrderRecord {
  readonly id: string;
  readonly sessionId: string;
  readonly merchantReferenceId: string;
  readonly amountMinor: number;
  readonly currency: Currency;
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
  captureCount: number;
  payAttempts: number;
  refundedMinor: number;
  customerPhone: { number: string; countryCode: string } | null;
  readonly transactions: TransactionRecord[];
  readonly createdAt: number;
  updatedAt: number;
}

/** The sandbox's memory: one merchant, lost on close, like a test environment reset. */
export class SandboxState {
  readonly sessions = new Map<string, SessionRecord>();
  readonly orders = new Map<string, OrderRecord>();
  /** Digests of every device identification set Authenticate Payer accepted. */
  readonly deviceSets = new Set<string>();

  /** Orders by the ACS transaction id of their current challenge (the issuer page's key). */
  readonly ordersByAcsTransaction = new Map<string, OrderRecord>();
  /** Orders by threeDSecureId (the gateway completion step's key). */
  readonly ordersByThreeDSecureId = new Map<string, OrderRecord>();

  addOrder(order: OrderRecord): void {
    this.orders.set(order.id, order);
    this.ordersByAcsTransaction.set(order.acsTransactionId, order);
    this.ordersByThreeDSecureId.set(order.threeDSecureId, order);
  }

  /** A new challenge for the order: the previous issuer page stops answering. */
  replaceAcsTransaction(order: OrderRecord, acsTransactionId: string): void {
    this.ordersByAcsTransaction.delete(order.acsTransactionId);
    order.acsTransactionId = acsTransactionId;
    this.ordersByAcsTransaction.set(acsTransactionId, order);
  }
}
