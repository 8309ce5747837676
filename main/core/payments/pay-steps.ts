import type { GatewayError } from '../gateway/gateway-error';
import { sessionExpired, stopReason, type AttemptContext } from './attempt-context';
import { ended, type AttemptEnding } from './attempt-ending';
import type { ReadyToPay } from './authentication-steps';
import { failureFromGatewayError } from './failure-from-gateway';
import { readOrder } from './order-reading';
import { toOrderView } from './order-view';
import { payVerdict } from './order-verdict';
import { paidEnding, payEndingFromOrder } from './settlement';

/** At most one Pay after the first, and only after Get order proved the first never arrived. */
const MAX_SENDS = 2;

/** Still unknown after the checks: the journal keeps the attempt in doubt (`pay-sent`). */
function inDoubt(error: GatewayError): AttemptEnding {
  return {
    status: 'in-doubt',
    state: 'pay-sent',
    failure: { ...failureFromGatewayError(error, 'card-declined'), code: 'pay-outcome-unknown' },
  };
}

/**
 * After a Pay without a clear answer: Get order decides. Returns an ending, or `resend` when
 * the order proves our Pay never arrived and one more is allowed.
 */
async function settleByOrder(
  ctx: AttemptContext,
  orderId: string,
  error: GatewayError,
  send: number,
): Promise<AttemptEnding | 'resend'> {
  const { client } = ctx.access;
  const { tuning, sleep } = ctx.env;
  ctx.progress('checking-with-bank');
  const read = await readOrder(
    client,
    orderId,
    tuning.inDoubtRetryDelaysMs,
    sleep,
    (order) => payVerdict(order).kind !== 'pending',
  );
  if (!read.ok) return inDoubt(error);
  const verdict = payVerdict(read.value);
  if (verdict.kind !== 'unpaid') {
    return (
      payEndingFromOrder(read.value, ctx.sale.currency, verdict, read.correlationId) ??
      inDoubt(error)
    );
  }
  const view = toOrderView(read.value, ctx.sale.currency);
  // A 4xx means the gateway refused the request as sent; the same request would fail again.
  if (error.kind === 'http' && error.status < 500) {
    return {
      status: 'error',
      failure: failureFromGatewayError(error, 'card-declined'),
      order: view,
    };
  }
  if (sessionExpired(ctx)) return ended('expired', 'session-expired', view);
  return send < MAX_SENDS ? 'resend' : ended('error', 'pay-not-completed', view);
}

/**
 * Pay, exactly once (DESIGN.md §3, "Never charge twice"): `pay-sent` is durable in the journal
 * before the request leaves; an answer settles the attempt; no answer (timeout, reset, 5xx)
 * leaves it in doubt until Get order settles it. Pay is sent again only when Get order proves
 * the order unpaid and the session is still valid.
 */
export async function charge(ctx: AttemptContext, ready: ReadyToPay): Promise<AttemptEnding> {
  const stop = stopReason(ctx);
  if (stop) return stop;
  const { journal } = ctx.env;
  const { sale } = ctx;
  ctx.markPaySent();
  ctx.progress('charging');
  for (let send = 1; ; send += 1) {
    journal.transition(
      ctx.attemptId,
      { state: 'pay-sent', status: 'in-doubt' },
      { step: 'pay-sent', outcome: send === 1 ? 'sent' : 'resent', detail: ready.via },
    );
    const paid = await ctx.access.client.pay({
      sessionId: ctx.session?.sessionId ?? '',
      orderId: ready.orderId,
      threeDSecureId: ready.threeDSecureId,
      card: sale.card,
      returnUrl: ctx.returnUrl,
      phone: sale.phone,
    });
    if (paid.ok) return paidEnding(paid.value.order, sale.currency);
    const { error } = paid;
    // A refusal is the gateway's answer: a decline, unless the order it carries says paid
    // (a second Pay refused because the first one went through).
    if (error.kind === 'refused' && (send === 1 || error.order)) {
      const verdict = error.order ? payVerdict(error.order).kind : 'unpaid';
      if (error.order && verdict === 'paid') return paidEnding(error.order, sale.currency);
      // Refused with nothing charged once our clock says the session ran out: the gateway
      // refused the session, not the card (same reading as the steps before Pay).
      if (verdict === 'unpaid' && sessionExpired(ctx)) {
        return { status: 'expired', failure: failureFromGatewayError(error, 'session-expired') };
      }
      return {
        status: 'declined',
        failure: failureFromGatewayError(error, 'card-declined'),
        ...(error.order ? { order: toOrderView(error.order, sale.currency) } : {}),
      };
    }
    const settled = await settleByOrder(ctx, ready.orderId, error, send);
    if (settled !== 'resend') return settled;
  }
}
