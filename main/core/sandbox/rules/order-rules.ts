import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import { digestOf } from '../digest';
import type { SandboxEnvironment } from '../operation-context';
import type { DetailedStatus, OrderRecord } from '../state';
import type { CheckedCard } from './card-rules';
import { findLiveSession } from './session-rules';

/**
 * The order of an authentication or Pay call: the session must be live, the order known,
 * and the order must belong to that session (a different session is a mismatch, seed §1).
 * Both calls may change the order (the card's first full details at least), so the
 * orderReadLag fault hears of it here.
 */
export const findSessionOrder = (
  env: SandboxEnvironment,
  sessionId: string,
  orderId: string,
): Result<OrderRecord, GatewayCode> => {
  const session = findLiveSession(env, sessionId);
  if (!session.ok) return err(session.error);
  const order = env.state.orders.get(orderId);
  if (!order) return err(gatewayCodes.orderNotFound);
  if (order.sessionId !== session.value.id) return err(gatewayCodes.valuesMismatch);
  env.readLag.willChange(order);
  return ok(order);
};

const closedStatuses: readonly DetailedStatus[] = [
  'Refunded',
  'PartiallyRefunded',
  'Cancelled',
  'Reversed',
  'Authorized',
  'Captured',
];

/**
 * Whether the order may still be authenticated or paid: not paid, no Pay still pending (one
 * on its way, or timed out at the gateway), not closed.
 */
export const checkPayable = (order: OrderRecord): GatewayCode | null => {
  if (order.detailedStatus === 'Paid') return gatewayCodes.orderAlreadyPaid;
  const pending =
    order.detailedStatus === 'ClientTimedOut' || order.detailedStatus === 'ServerTimedOut';
  if (order.payInFlight || pending) return gatewayCodes.payInProgress;
  if (closedStatuses.includes(order.detailedStatus)) return gatewayCodes.orderNotPayable;
  return order.authentication === 'rejected' ? gatewayCodes.authenticationRejected : null;
};

const cardDigest = (card: CheckedCard): string =>
  digestOf(card.digits, String(card.expiryMonth), String(card.expiryYear));

/**
 * The card must be the one authentication used: the number given to Initiate and, once a
 * call has carried it, the same expiry. The first full card seen is remembered (digest,
 * name and expiry for the order's paymentMethod).
 */
export const matchCard = (order: OrderRecord, card: CheckedCard): boolean => {
  if (digestOf(card.digits) !== order.card.numberDigest) return false;
  const digest = cardDigest(card);
  if (order.card.cardDigest !== null) return order.card.cardDigest === digest;
  order.card.cardDigest = digest;
  order.card.holderName = card.holderName;
  order.card.expiryMonth = card.expiryMonth;
  order.card.expiryYear = card.expiryYear;
  return true;
};
