import type { GatewayClient } from '../gateway/gateway-client';
import type { GatewayOrder } from '../gateway/order-schema';
import type { Journal } from '../journal/journal';
import type { AttemptEnding } from './attempt-ending';
import { readPay } from './order-state';
import { payEndingFromOrder, type ExpectedPay } from './settlement';

/**
 * Statuses of an order still waiting for its Pay: Cancel stops it there. `ClientTimedOut` and
 * `ServerTimedOut` are not among them: a Pay is pending on such an order, so the gateway's own
 * answer is awaited (today's rules, deadline included).
 */
const waitingForPay: ReadonlySet<string> = new Set(['Initiated', 'Authenticated']);

const stillWaiting = (order: GatewayOrder, expected: ExpectedPay): boolean =>
  waitingForPay.has(order.detailedStatus) && readPay(order, expected).kind === 'no-charge-yet';

/** The journal's record of the Cancel: durable before it leaves, then its answer. */
export interface CancelRecord {
  sent(): void;
  answered(outcome: 'cancelled' | 'refused' | 'lost'): void;
}

const cancelSent = 'cancel-sent';

/**
 * Each step of the Cancel as an audit event of the attempt, still `pay-sent` (a money
 * message's state: the write reaches the disk before the Cancel leaves).
 */
export function journalCancelRecord(
  journal: Pick<Journal, 'transition'>,
  attemptId: string,
): CancelRecord {
  const write = (step: string, outcome: string) =>
    journal.transition(
      attemptId,
      { state: 'pay-sent', status: 'in-doubt' },
      { step, outcome, detail: null },
    );
  return {
    sent: () => write(cancelSent, 'sent'),
    answered: (outcome) => write('cancel-answered', outcome),
  };
}

/**
 * A process killed between its Cancel and the answer: the journal's last word on the
 * attempt is "Cancel sent". The next start finishes what it began (the order is read first,
 * so a Pay that got there meanwhile is still the answer).
 */
export function cancelLeftUnanswered(journal: Pick<Journal, 'detail'>, attemptId: string) {
  return journal.detail(attemptId)?.events.at(-1)?.step === cancelSent;
}

/**
 * A Pay (or a hold's PreAuthorize Pay) whose answer was lost, settled in seconds rather than
 * at the deadline, the way a card-present terminal's technical cancel does: Get order at once;
 * if the order is still waiting with no Pay on it, Cancel (`TimedOut`), then Get order again.
 * The gateway refuses Pay on a cancelled order, so a cancelled order with nothing taken is
 * "not charged" for certain; a Pay that got there first makes Cancel fail and shows on the
 * order, which is then the answer. Anything else (Cancel lost, the gateway unreachable, an
 * order still moving) proves nothing: null, and the attempt stays in doubt.
 */
export async function cancelLostPay(
  client: Pick<GatewayClient, 'getOrder' | 'cancelOrder'>,
  orderId: string,
  expected: ExpectedPay,
  record: CancelRecord,
): Promise<AttemptEnding | null> {
  const first = await client.getOrder(orderId);
  if (!first.ok) return null;
  const proven = payEndingFromOrder(first.value.order, expected, first.correlationId);
  if (proven || !stillWaiting(first.value.order, expected)) return proven;
  record.sent();
  const cancel = await client.cancelOrder({ orderId, reason: 'TimedOut' });
  record.answered(cancel.ok ? 'cancelled' : cancel.error.kind === 'refused' ? 'refused' : 'lost');
  const again = await client.getOrder(orderId);
  if (!again.ok) return null;
  return payEndingFromOrder(again.value.order, expected, again.correlationId);
}
