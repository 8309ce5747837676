import { amountNumber } from './rules/amount-rules';
import type { AuthenticationStatus, DetailedStatus, OrderRecord, SandboxState } from './state';
import type { GatewayDecision } from './test-cards';

/** What tests may read of an order directly (no card data), e.g. to assert one capture. */
export interface SandboxOrderSnapshot {
  readonly orderId: string;
  readonly sessionId: string;
  readonly merchantReferenceId: string;
  readonly amount: number;
  readonly currency: string;
  readonly detailedStatus: DetailedStatus;
  readonly gatewayDecision: GatewayDecision;
  readonly threeDSecureId: string;
  readonly authentication: AuthenticationStatus;
  readonly methodCompleted: boolean;
  /** The reason its Cancel gave; null while not cancelled. */
  readonly cancelReason: string | null;
  /** Successful Pay captures: more than 1 would be a double charge. */
  readonly captureCount: number;
  /** Pay calls that reached the charge step (approved or declined). */
  readonly payAttempts: number;
  readonly refundedAmount: number;
  readonly maskedCardNumber: string;
  /** The token the order saved (cardOnFile) or was paid with; null for neither. */
  readonly tokenId: string | null;
  /** `Merchant` for a merchant-initiated token payment, else `Internet`. */
  readonly initiatedBy: string;
}

export interface SandboxInspector {
  order(orderId: string): SandboxOrderSnapshot | null;
  /** Every order, oldest first. */
  orders(): SandboxOrderSnapshot[];
}

const snapshot = (order: OrderRecord): SandboxOrderSnapshot => ({
  orderId: order.id,
  sessionId: order.sessionId,
  merchantReferenceId: order.merchantReferenceId,
  amount: amountNumber(order.amountMinor, order.currency),
  currency: order.currency,
  detailedStatus: order.detailedStatus,
  gatewayDecision: order.gatewayDecision,
  threeDSecureId: order.threeDSecureId,
  authentication: order.authentication,
  methodCompleted: order.methodCompleted,
  cancelReason: order.cancelReason,
  captureCount: order.captureCount,
  payAttempts: order.payAttempts,
  refundedAmount: amountNumber(order.refundedMinor, order.currency),
  maskedCardNumber: order.card.masked,
  tokenId: order.tokenization.tokenId,
  initiatedBy: order.tokenization.initiatedBy,
});

export const createInspector = (state: SandboxState): SandboxInspector => ({
  order: (orderId) => {
    const order = state.orders.get(orderId.toLowerCase());
    return order ? snapshot(order) : null;
  },
  orders: () => [...state.orders.values()].sort((a, b) => a.sequence - b.sequence).map(snapshot),
});
