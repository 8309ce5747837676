import { gatewayAmount } from '../../../shared/money/amount';
import type { AttemptContext } from './attempt-context';
import { ended, endingFromError, type AttemptEnding } from './attempt-ending';
import { authenticate } from './authentication-steps';
import { charge } from './pay-steps';
import { createGatewaySession, type SessionKey, type SessionSlot } from './session-slot';

/** Resolves when `promise` does, or with null as soon as `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The prepared session when it matches this sale, else a new one (the only wait before Enter). */
async function openSession(
  ctx: AttemptContext,
  slot: SessionSlot,
  key: SessionKey,
): Promise<AttemptEnding | null> {
  const { clock, tuning, journal } = ctx.env;
  const prepared = await unlessAborted(slot.take(key), ctx.signal);
  if (prepared) {
    ctx.session = prepared;
  } else {
    if (ctx.signal.aborted) return ended('cancelled', 'cancelled-by-operator');
    ctx.progress('creating-session');
    const amount = gatewayAmount(ctx.sale.amountMinor, ctx.sale.currency);
    const created = await createGatewaySession(
      ctx.access,
      key,
      amount,
      clock,
      tuning.sessionLifetimeMs,
      ctx.signal,
    );
    if (!created.ok) return endingFromError(created.error, 'error', 'gateway-refused', false);
    ctx.session = created.value;
  }
  journal.transition(
    ctx.attemptId,
    {
      state: 'session',
      sessionId: ctx.session.sessionId,
      sessionCreatedAt: ctx.session.createdAt,
      sessionExpiresAt: ctx.session.expiresAt,
    },
    { step: 'session', outcome: prepared ? 'prepared' : 'created', detail: null },
  );
  return null;
}

/**
 * One attempt from session to outcome (DESIGN.md §3). Every transition is in the journal
 * before the next network call; the ending is written by the caller.
 */
export async function runAttempt(ctx: AttemptContext, slot: SessionSlot): Promise<AttemptEnding> {
  const key: SessionKey = {
    origin: ctx.access.origin,
    merchantPublicKey: ctx.access.merchantPublicKey,
    amountMinor: ctx.sale.amountMinor,
    currency: ctx.sale.currency,
    merchantReferenceId: ctx.sale.merchantReferenceId,
  };
  const sessionEnding = await openSession(ctx, slot, key);
  if (sessionEnding) return sessionEnding;
  const authenticated = await authenticate(ctx);
  if ('status' in authenticated) return authenticated;
  return charge(ctx, authenticated);
}
