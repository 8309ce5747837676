import type { Currency } from '../../../shared/money/currencies';
import type { GatewayResult } from '../gateway/gateway-error';
import type { PaymentOperation } from '../gateway/gateway-client';
import type { SaveCardTerms } from '../gateway/token-calls';
import type { Clock } from '../ports';
import { monotonicNow } from './deadlines';
import type { GatewayAccess } from './gateway-access';

/** What a session was created for; a sale may reuse it only if all of it matches. */
export interface SessionKey {
  origin: string;
  merchantPublicKey: string;
  amountMinor: number;
  currency: Currency;
  merchantReferenceId: string;
  /** A session made for Pay cannot serve a hold, nor the reverse. */
  operation: PaymentOperation;
}

export interface GatewaySession {
  sessionId: string;
  /**
   * Epoch ms by our clock, taken before Create Session left: our expiry comes before the
   * gateway's, so we stop in time. The gateway's own clock may start up to one request's
   * time later; the grace after the session's lifetime (2 minutes) covers far more than that.
   */
  createdAt: number;
  /** The same moment on the monotonic clock, for deadlines within this process. */
  createdMonotonic: number;
  expiresAt: number;
}

/** Same merchant, amount, currency and reference: the sale a session (or card check) fits. */
export const sameKey = (a: SessionKey, b: SessionKey) =>
  a.origin === b.origin &&
  a.merchantPublicKey === b.merchantPublicKey &&
  a.amountMinor === b.amountMinor &&
  a.currency === b.currency &&
  a.merchantReferenceId === b.merchantReferenceId &&
  a.operation === b.operation;

/**
 * Create Session with the signed timestamp. The expiry is reckoned from our clock at send
 * time, so our deadline can only come before the gateway's.
 */
export async function createGatewaySession(
  access: GatewayAccess,
  key: SessionKey,
  amount: number,
  clock: Clock,
  lifetimeMs: number,
  signal?: AbortSignal,
  save: SaveCardTerms | null = null,
): Promise<GatewayResult<GatewaySession>> {
  const sentAt = clock.now();
  const sentMonotonic = monotonicNow(clock);
  const result = await access.client.createSession(
    {
      amount,
      currency: key.currency,
      merchantReferenceId: key.merchantReferenceId,
      timestamp: new Date(sentAt).toISOString(),
      operation: key.operation,
      save,
    },
    signal,
  );
  if (!result.ok) return result;
  return {
    ...result,
    value: {
      sessionId: result.value.session.id,
      createdAt: sentAt,
      createdMonotonic: sentMonotonic,
      expiresAt: sentAt + lifetimeMs,
    },
  };
}

/**
 * The one session prepared ahead of the sale (latency hiding). A new `prepare` with other
 * values replaces it; `take` hands it to the sale that matches and forgets it, so a session
 * serves one attempt only.
 */
export function createSessionSlot(now: () => number, reuseMarginMs: number) {
  interface Slot {
    key: SessionKey;
    session: Promise<GatewaySession | null>;
    /** Undefined while Create Session is in flight. */
    settled?: GatewaySession | null;
  }
  let slot: Slot | null = null;
  const usable = (session: GatewaySession | null) =>
    session !== null && session.expiresAt - now() > reuseMarginMs;

  return {
    /** True if a usable session for `key` is prepared or being prepared. */
    holds(key: SessionKey): boolean {
      if (!slot || !sameKey(slot.key, key)) return false;
      return slot.settled === undefined || usable(slot.settled);
    },
    fill(key: SessionKey, session: Promise<GatewaySession | null>): void {
      const filled: Slot = { key, session };
      void session.then((value) => (filled.settled = value));
      slot = filled;
    },
    /** Waits for the session prepared for `key`; true if it is usable. */
    async ready(key: SessionKey): Promise<boolean> {
      if (!slot || !sameKey(slot.key, key)) return false;
      return usable(await slot.session);
    },
    /** The prepared session for `key` if it has enough life left; null otherwise. */
    async take(key: SessionKey): Promise<GatewaySession | null> {
      const taken = slot;
      slot = null;
      if (!taken || !sameKey(taken.key, key)) return null;
      const session = await taken.session;
      return usable(session) ? session : null;
    },
    discard(): void {
      slot = null;
    },
  };
}

export type SessionSlot = ReturnType<typeof createSessionSlot>;
