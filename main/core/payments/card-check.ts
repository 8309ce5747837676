import type { CardBrand } from '../../../shared/card/brands';
import { validateCardNumber } from '../../../shared/card/number';
import { cardFirst6Last4 } from '../../../shared/card/format';
import type { Currency } from '../../../shared/money/currencies';
import { capMinorOf, gatewayAmount } from '../../../shared/money/amount';
import { parseSaleAmount } from '../../../shared/money/exact-amount';
import type { Result } from '../../../shared/result';
import { checkOperatorText } from '../../../shared/text/operator-text';
import { displayCode } from '../gateway/gateway-error';
import type { CardCheckJournal } from '../journal/card-checks';
import { returnUrlFor, type EngineEnv } from './attempt-context';
import { runMethodPage, type Initiated } from './authentication-steps';
import { cancelCheckOrder } from './card-check-reconcile';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';
import type { PaymentSettings } from './payment-deps';
import {
  createGatewaySession,
  sameKey,
  type GatewaySession,
  type SessionKey,
  type SessionSlot,
} from './session-slot';

/** What the sale screen sends once the card number is complete. */
export interface CardCheckRequest {
  amount: string;
  currency: Currency;
  merchantReferenceId: string;
  cardNumber: string;
  /** A hold: its check runs on a PreAuthorize session, as its sale will. */
  authorizeOnly?: boolean;
}

/**
 * One card check in memory. `digits` is the full card number: held only here, only while the
 * check may still be used, and dropped with the check (form cleared, number changed, a sale
 * started, or after `cardCheckLifetimeMs`).
 */
export interface CardCheck {
  readonly id: string;
  readonly key: SessionKey;
  readonly digits: string;
  readonly brand: CardBrand | null;
  readonly access: GatewayAccess;
  readonly returnUrl: string;
  /** The sale that continues the check keeps this: its signal keys the issuer pages' browser. */
  readonly controller: AbortController;
  /** Initiate and the method page, done; null when no order came of it. */
  readonly initiated: Promise<Initiated | null>;
  /** Set once the check's session exists. */
  session: GatewaySession | null;
}

export interface CardCheckDeps {
  env: Pick<EngineEnv, 'clock' | 'ids' | 'challenge' | 'logger' | 'tuning'>;
  checks: () => CardCheckJournal;
  settings: () => PaymentSettings;
  openAccess: () => Promise<Result<GatewayAccess, GatewayAccessError>>;
  slot: SessionSlot;
}

/** Why a check ended without a sale, as the journal says it. */
export type DropReason =
  'replaced' | 'cleared' | 'expired' | 'sale-differs' | 'sale-stopped' | 'stale' | 'closed';

/**
 * The speculative card check: Initiate Authentication and the 3-D Secure method page on the
 * prepared session while expiry, CVV and name are still typed, so Enter waits only for
 * Authenticate Payer. At most one check lives at a time. A check the sale does not continue
 * is discarded: its order is cancelled at the gateway (`CancelledByUser`, it is still in
 * progress) and the card number is forgotten.
 */
export function createCardChecks(deps: CardCheckDeps) {
  const { env, slot } = deps;
  const { clock, logger, tuning } = env;
  let current: { check: CardCheck; timer: NodeJS.Timeout } | null = null;
  const discarding = new Set<Promise<void>>();

  /** Creates the session if prepare did not, opens the journal row, Initiate, method page. */
  async function run(check: CardCheck): Promise<Initiated | null> {
    const signal = check.controller.signal;
    const prepared = await slot.take(check.key);
    const created = prepared
      ? null
      : await createGatewaySession(
          check.access,
          check.key,
          gatewayAmount(check.key.amountMinor, check.key.currency),
          clock,
          tuning.sessionLifetimeMs,
          signal,
        );
    const session = prepared ?? (created?.ok ? created.value : null);
    if (!session || signal.aborted) return null;
    check.session = session;
    const journal = deps.checks();
    journal.open({
      checkId: check.id,
      merchantReferenceId: check.key.merchantReferenceId,
      amountMinor: check.key.amountMinor,
      currency: check.key.currency,
      brand: check.brand,
      ...cardFirst6Last4(check.digits),
      sessionId: session.sessionId,
      gatewayBaseUrl: check.access.baseUrl,
      merchantPublicKey: check.access.merchantPublicKey,
      createdAt: clock.now(),
    });
    // No signal: once Initiate left, its answer names the order a discard must cancel.
    const answer = await check.access.client.initiateAuthentication({
      sessionId: session.sessionId,
      cardNumber: check.digits,
      returnUrl: check.returnUrl,
      operation: check.key.operation,
    });
    if (!answer.ok) {
      const error = answer.error;
      const detail = error.kind === 'refused' ? `refused ${displayCode(error.codes)}` : error.kind;
      journal.update(check.id, { state: 'failed', detail });
      return null;
    }
    const { orderId, gatewayDecision, html } = answer.value;
    journal.update(check.id, { state: 'initiated', orderId, detail: gatewayDecision });
    const method =
      gatewayDecision === 'ContinueToPayer' && html && !signal.aborted
        ? await runMethodPage(env, { html, signal, returnUrl: check.returnUrl, id: check.id })
        : null;
    return { ...answer.value, method };
  }

  /**
   * Cancels the check's order at the gateway (if it got one) and wipes its issuer pages.
   * `stopPages`: abort its method page first; false when a sale owns the signal by now.
   */
  async function discard(check: CardCheck, reason: DropReason, stopPages: boolean) {
    if (stopPages) check.controller.abort();
    const initiated = await check.initiated;
    try {
      if (!initiated) return;
      const { client } = check.access;
      await cancelCheckOrder(deps.checks(), client, { checkId: check.id, ...initiated }, reason);
    } finally {
      await env.challenge.endAttempt(check.controller.signal);
    }
  }

  function discardLater(check: CardCheck, reason: DropReason, stopPages = true): void {
    const work = discard(check, reason, stopPages).catch((error: unknown) =>
      logger.error('card check not discarded', { checkId: check.id, error }),
    );
    discarding.add(work);
    void work.finally(() => discarding.delete(work));
  }

  /** The live check, forgotten here: the caller continues it or discards it. */
  function take(): CardCheck | null {
    const taken = current;
    current = null;
    if (!taken) return null;
    clearTimeout(taken.timer);
    return taken.check;
  }

  function drop(reason: DropReason): boolean {
    const check = take();
    if (check) discardLater(check, reason);
    return check !== null;
  }

  return {
    /**
     * Starts a check for the typed sale, or keeps the one already running for the same values.
     * Resolves once Initiate and the method page are done: true if the check stands ready.
     */
    async start(request: CardCheckRequest, busy: boolean): Promise<boolean> {
      const settings = deps.settings();
      const amount = parseSaleAmount(
        request.amount,
        request.currency,
        capMinorOf(settings.amountCap, request.currency),
      );
      const reference = request.merchantReferenceId.trim();
      const number = validateCardNumber(request.cardNumber);
      const usable =
        settings.checkCardEarly !== false &&
        !busy &&
        amount.ok &&
        number.ok &&
        reference !== '' &&
        checkOperatorText(reference).ok;
      if (!usable || !amount.ok || !number.ok) return (drop('replaced'), false);
      const access = await deps.openAccess();
      if (!access.ok) return (drop('replaced'), false);
      const key: SessionKey = {
        origin: access.value.origin,
        merchantPublicKey: access.value.merchantPublicKey,
        amountMinor: amount.value,
        currency: request.currency,
        merchantReferenceId: reference,
        operation: request.authorizeOnly ? 'PreAuthorize' : 'Pay',
      };
      const live = current?.check;
      if (live && sameKey(live.key, key) && live.digits === number.value.digits) {
        return (await live.initiated) !== null;
      }
      drop('replaced');
      const id = env.ids.uuid();
      const controller = new AbortController();
      let resolve: (value: Initiated | null) => void = () => undefined;
      const check: CardCheck = {
        id,
        key,
        digits: number.value.digits,
        brand: number.value.brand,
        access: access.value,
        returnUrl: returnUrlFor(settings.returnHost, id),
        controller,
        initiated: new Promise((done) => (resolve = done)),
        session: null,
      };
      // The card number is held no longer than a session lives.
      const timer = setTimeout(() => {
        if (current?.check === check) drop('expired');
      }, tuning.cardCheckLifetimeMs);
      timer.unref();
      current = { check, timer };
      run(check)
        .catch((error: unknown) => {
          logger.error('card check failed', { checkId: id, error });
          return null;
        })
        .then((initiated) => {
          // No order came of it: nothing to cancel, and no reason to hold the card any longer.
          if (initiated === null && current?.check === check) take();
          resolve(initiated);
        });
      return (await check.initiated) !== null;
    },

    /** The form was cleared or the number is no longer complete. */
    drop: () => drop('cleared'),
    take,
    discardLater,
    /** True when `check` was started for exactly this sale: same values, same card. */
    fits(check: CardCheck, key: SessionKey, digits: string): boolean {
      return sameKey(check.key, key) && check.digits === digits;
    },
    async close(): Promise<void> {
      drop('closed');
      await Promise.all(discarding);
    },
  };
}

export type CardChecks = ReturnType<typeof createCardChecks>;
