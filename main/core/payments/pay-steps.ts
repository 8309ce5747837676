import { neverLeft, type GatewayError, type GatewayResult } from '../gateway/gateway-error';
import type { OrderResponse } from '../gateway/response-schemas';
import {
  sessionExpired,
  stopReason,
  type AnyAttempt,
  type AttemptContext,
} from './attempt-context';
import type { AttemptEnding } from './attempt-ending';
import type { ReadyToPay } from './authentication-steps';
import { failureFromGatewayError, failureOf } from './failure-from-gateway';
import { cancelLostPay, journalCancelRecord } from './lost-answer-cancel';
import { readPay } from './order-state';
import { toOrderView } from './order-view';
import {
  heldEnding,
  paidEnding,
  payEndingFromOrder,
  settlePay,
  type ExpectedPay,
} from './settlement';

/** How the operator's result reads while the order proves nothing yet. */
function inDoubt(error: GatewayError | null): AttemptEnding {
  const failure = error
    ? { ...failureFromGatewayError(error, 'card-declined'), code: 'pay-outcome-unknown' }
    : failureOf('pay-outcome-unknown');
  return { status: 'in-doubt', state: 'pay-sent', failure };
}

/** Get order now (a few tries); an unproven order keeps the attempt in doubt. */
async function settleNow(
  ctx: AnyAttempt,
  orderId: string,
  expected: ExpectedPay,
  error: GatewayError | null,
): Promise<AttemptEnding> {
  ctx.progress('checking-with-bank');
  const { tuning, sleep } = ctx.env;
  const settled = await settlePay(ctx.access.client, orderId, expected, {
    delaysMs: tuning.inDoubtRetryDelaysMs,
    sleep,
    deadlinePassed: () => ctx.env.deadlines.passedInProcess(ctx.attemptId),
  });
  return settled ?? inDoubt(error);
}

/** The gateway answered HTTP 200 with a code other than 000: its answer about our Pay. */
async function judgeRefusal(
  ctx: AnyAttempt,
  orderId: string,
  expected: ExpectedPay,
  error: Extract<GatewayError, { kind: 'refused' }>,
): Promise<AttemptEnding> {
  if (error.order) {
    const reading = readPay(error.order, expected);
    if (reading.kind === 'unsettled') return settleNow(ctx, orderId, expected, error);
    if (reading.kind !== 'no-charge-yet' && reading.kind !== 'declined') {
      return payEndingFromOrder(error.order, expected, error.correlationId) ?? inDoubt(error);
    }
  }
  const order = error.order ? { order: toOrderView(error.order, expected.currency) } : {};
  // Refused with nothing charged once our clock says the session ran out: the gateway
  // refused the session, not the card (same reading as the steps before Pay).
  if (sessionExpired(ctx)) {
    return {
      status: 'expired',
      failure: failureFromGatewayError(error, 'session-expired'),
      ...order,
    };
  }
  return { status: 'declined', failure: failureFromGatewayError(error, 'card-declined'), ...order };
}

/** The money message itself: Pay with the keyed card, or Pay with token. Sent as is, once. */
export type PaySender = (ready: ReadyToPay) => Promise<GatewayResult<OrderResponse>>;

/** Pay v2 with the keyed card, the very values the authentication used. */
export const keyedPay =
  (ctx: AttemptContext): PaySender =>
  (ready) =>
    ctx.access.client.pay({
      sessionId: ctx.session?.sessionId ?? '',
      orderId: ready.orderId,
      threeDSecureId: ready.threeDSecureId,
      card: ctx.sale.card,
      returnUrl: ctx.returnUrl,
      phone: ctx.sale.phone,
      operation: ctx.sale.operation,
    });

/**
 * Pay at most once at the gateway (DESIGN.md §3, "Never charge twice"). `pay-sent` with its
 * deadline is durable in the journal before each send. Pay is sent again only when the
 * connection was refused or never opened (the request provably never left). A `000` answer
 * is paid only with `Paid`, the captured total equal to the amount, and the currency. Any
 * other missing or unclear answer leaves the attempt in doubt until the order proves an
 * ending; "no charge yet" is not an ending before the deadline.
 */
export async function charge(
  ctx: AnyAttempt,
  ready: ReadyToPay,
  sendPay: PaySender,
): Promise<AttemptEnding> {
  const stop = stopReason(ctx);
  if (stop) return stop;
  const { journal, tuning, deadlines } = ctx.env;
  const { sale, session } = ctx;
  if (!session) throw new Error('Pay needs a session');
  const expected: ExpectedPay = {
    amountMinor: sale.amountMinor,
    currency: sale.currency,
    paymentOperation: sale.operation,
  };
  const windowMs = tuning.sessionLifetimeMs + tuning.settleGraceMs;
  const settleAfter = Math.max(
    session.createdAt + windowMs,
    session.expiresAt + tuning.settleGraceMs,
  );
  deadlines.set(ctx.attemptId, session.createdMonotonic, windowMs);
  ctx.markPaySent();
  ctx.progress('charging');
  for (let send = 1; ; send += 1) {
    journal.transition(
      ctx.attemptId,
      { state: 'pay-sent', status: 'in-doubt', settleAfter },
      { step: 'pay-sent', outcome: send === 1 ? 'sent' : 'resent', detail: ready.via },
    );
    const paid = await sendPay(ready);
    if (paid.ok) {
      const { order } = paid.value;
      const reading = readPay(order, expected, { strictPaid: true });
      if (reading.kind === 'paid') return paidEnding(order, sale.currency);
      if (reading.kind === 'held') return heldEnding(order, sale.currency);
      return settleNow(ctx, ready.orderId, expected, null);
    }
    const { error } = paid;
    if (error.kind === 'refused') return judgeRefusal(ctx, ready.orderId, expected, error);
    if (neverLeft(error)) {
      const retries = tuning.connectRetryDelaysMs;
      if (send <= retries.length && !sessionExpired(ctx)) {
        await ctx.env.sleep(retries[send - 1] ?? 0);
        continue;
      }
      // Never left, so certainly nothing charged: the operator may try again.
      return { status: 'error', failure: failureFromGatewayError(error, 'card-declined') };
    }
    // A 4xx is the gateway refusing the request as sent: nothing to cancel (below). Any other
    // lost answer: cancel the order at once if it still waits for its Pay.
    const refusedAsSent = error.kind === 'http' && error.status < 500;
    if (!refusedAsSent) {
      ctx.progress('checking-with-bank');
      const cancelled = await cancelLostPay(
        ctx.access.client,
        ready.orderId,
        expected,
        journalCancelRecord(ctx.env.journal, ctx.attemptId),
      );
      if (cancelled) return cancelled;
    }
    const settled = await settleNow(ctx, ready.orderId, expected, error);
    if (settled.status === 'in-doubt' && refusedAsSent) {
      const read = await ctx.access.client.getOrder(ready.orderId);
      if (read.ok && readPay(read.value.order, expected).kind === 'no-charge-yet') {
        return {
          status: 'error',
          failure: failureFromGatewayError(error, 'card-declined'),
          order: toOrderView(read.value.order, sale.currency),
        };
      }
    }
    return settled;
  }
}
