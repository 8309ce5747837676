import { gatewayAmount } from '../../../shared/money/amount';
import type { AttemptContext } from './attempt-context';
import { ended, endingFromError, type AttemptEnding } from './attempt-ending';
import {
  authenticate,
  keyedAuthentication,
  recordInitiated,
  type Initiated,
} from './authentication-steps';
import { charge, keyedPay } from './pay-steps';
import type { AnyAttempt } from './attempt-context';
import {
  createGatewaySession,
  type GatewaySession,
  type SessionKey,
  type SessionSlot,
} from './session-slot';

/** Resolves when `promise` does, or with null as soon as `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(null);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The attempt (first write) with its session, in the journal before any call uses it. */
function recordSession(ctx: AnyAttempt, session: GatewaySession, outcome: string): void {
  const { journal } = ctx.env;
  // Before any money message: it reaches the disk with `pay-sent` (Durability).
  journal.atomically(() => {
    ctx.record();
    journal.transition(
      ctx.attemptId,
      {
        state: 'session',
        sessionId: session.sessionId,
        sessionCreatedAt: session.createdAt,
        sessionExpiresAt: session.expiresAt,
      },
      { step: 'session', outcome, detail: null },
    );
  }, 'with-next');
}

/**
 * The prepared session when it matches this sale, else a new one (the only wait before Enter).
 * A sale saving its card opens its own, asking for the token from the session on.
 */
export async function openSession(
  ctx: AnyAttempt,
  slot: SessionSlot,
  key: SessionKey,
): Promise<AttemptEnding | null> {
  const { clock, tuning } = ctx.env;
  const save = ctx.save ?? null;
  const prepared = save ? null : await unlessAborted(slot.take(key), ctx.signal);
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
      save,
    );
    if (!created.ok) return endingFromError(created.error, 'error', 'gateway-refused', false);
    ctx.session = created.value;
  }
  recordSession(ctx, ctx.session, prepared ? 'prepared' : 'created');
  return null;
}

/**
 * The card check's head start, if it can be used: Enter waits here only for what
 * is left of its method page. Null: go the usual way (its Initiate failed, or its session has
 * too little life left for the sale), with a session of the sale's own.
 */
async function continueCheck(ctx: AttemptContext): Promise<Initiated | AttemptEnding | null> {
  const checked = ctx.checked;
  if (!checked) return null;
  const { clock, tuning } = ctx.env;
  ctx.progress('checking-card');
  const initiated = await unlessAborted(checked.initiated, ctx.signal);
  if (ctx.signal.aborted) {
    checked.discard();
    return ended('cancelled', 'cancelled-by-operator');
  }
  const session = checked.session();
  if (!initiated || !session || session.expiresAt - clock.now() <= tuning.sessionReuseMarginMs) {
    if (initiated) checked.discard();
    return null;
  }
  ctx.session = session;
  // The attempt, its session and the check's order in one write: Enter's only one before
  // Authenticate Payer.
  ctx.env.journal.atomically(() => {
    checked.handOver();
    recordSession(ctx, session, 'card check');
    recordInitiated(ctx, initiated, 'card check');
  }, 'with-next');
  return initiated;
}

/** The session a sale needs: its merchant, amount, currency, reference and operation. */
export const sessionKeyOf = (ctx: AnyAttempt): SessionKey => ({
  origin: ctx.access.origin,
  merchantPublicKey: ctx.access.merchantPublicKey,
  amountMinor: ctx.sale.amountMinor,
  currency: ctx.sale.currency,
  merchantReferenceId: ctx.sale.merchantReferenceId,
  operation: ctx.sale.operation,
});

/**
 * One attempt from session to outcome (DESIGN.md §3). Every transition is in the journal
 * before the next network call; the ending is written by the caller.
 */
export async function runAttempt(ctx: AttemptContext, slot: SessionSlot): Promise<AttemptEnding> {
  const key = sessionKeyOf(ctx);
  const continued = await continueCheck(ctx);
  if (continued && 'status' in continued) return continued;
  if (!continued) {
    const sessionEnding = await openSession(ctx, slot, key);
    if (sessionEnding) return sessionEnding;
  }
  const authenticated = await authenticate(ctx, keyedAuthentication(ctx), continued ?? undefined);
  if ('status' in authenticated) return authenticated;
  return charge(ctx, authenticated, keyedPay(ctx));
}
