import type { AttemptResult, HoldResult } from '../../../shared/ipc';
import { capMinorOf, gatewayAmount } from '../../../shared/money/amount';
import { parseSaleAmount } from '../../../shared/money/exact-amount';
import { ok } from '../../../shared/result';
import { checkOperatorText } from '../../../shared/text/operator-text';
import { createConnectionPool } from '../gateway/connection-pool';
import { defaultGatewayTimeouts } from '../gateway/timeouts';
import { createLogger } from '../logging/redacting-logger';
import {
  progressReporter,
  returnUrlFor,
  type AttemptContext,
  type EngineEnv,
} from './attempt-context';
import { runAttempt } from './attempt-flow';
import { createCardChecks, type CardCheck } from './card-check';
import { reconcileCardChecks } from './card-check-reconcile';
import { createDeadlines } from './deadlines';
import { refusal, refusalNaming, type EngineResult } from './engine-failure';
import { gatewayAccessSource, openGatewayAccess } from './gateway-access';
import { createKeepWarm } from './keep-warm';
import { defaultEngineTuning, type PaymentServiceDeps } from './payment-deps';
import type { PaymentService } from './payment-service';
import { createReconciler } from './reconciler';
import { createRefunds } from './refunds';
import { attemptHoldStore } from './holds/attempt-hold-store';
import { createHolds, type HoldActionResult } from './holds/hold-actions';
import { paymentHolding } from './reference-in-use';
import { checkHeldBack, createSameCardGuard, stopParams } from './same-card-guard';
import { validateSale } from './sale-validation';
import { createGatewaySession, createSessionSlot, type SessionKey } from './session-slot';
import { createSleeper } from './sleeper';
import { createSaleRun } from './sale-run';
import { createSavedCardPayments } from './saved-card-payments';
import { tokenRefusal } from './token-refusals';
import type { AttemptEnding } from './attempt-ending';

const messages = {
  busy: 'A sale is already running.',
  invalid: 'The sale was refused by the input rules.',
  gateway: 'The gateway cannot be reached with the current settings.',
  reference: 'This merchant reference already has a payment that is paid or being checked.',
  sameCard: 'A payment with this card and amount is in doubt; the operator has not chosen.',
  notFound: 'No such sale.',
};

/**
 * The payment engine behind the sale and refund channels. One sale runs at
 * a time; its card lives only in that attempt's memory; every step is journalled before the
 * next network call; Pay reaches the gateway at most once (re-sent only when the connection
 * provably never opened); in-doubt attempts settle through Get order, never by guessing.
 */
export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const { journal, clock } = deps;
  const now = () => clock.now();
  const logger = createLogger(deps.logger);
  const tuning = { ...defaultEngineTuning, ...deps.tuning };
  const timeouts = { ...defaultGatewayTimeouts, ...deps.timeouts };
  const pool = createConnectionPool({
    connectTimeoutMs: timeouts.connectMs,
    factory: deps.dispatcherFactory,
    route: deps.route,
  });
  const sleeper = createSleeper();
  const deadlines = createDeadlines(clock, tuning.sessionLifetimeMs + tuning.settleGraceMs);
  const slot = createSessionSlot(now, tuning.sessionReuseMarginMs);
  const keepWarm = createKeepWarm(pool, now, {
    checkMs: tuning.keepWarmCheckMs,
    windowMs: tuning.keepWarmWindowMs,
  });
  const listeners = new Set<(result: AttemptResult) => void>();
  const source = gatewayAccessSource(deps, { pool, timeouts, logger, clock });
  const openAccess = () => openGatewayAccess(source);
  // Settlement and refunds go to the gateway and merchant account the attempt used.
  const accessFor = (record: { gatewayBaseUrl: string | null; merchantPublicKey: string | null }) =>
    openGatewayAccess(source, {
      baseUrl: record.gatewayBaseUrl,
      merchantPublicKey: record.merchantPublicKey,
    });
  const holds = createHolds({
    store: attemptHoldStore(journal),
    async clientFor(attemptId) {
      const record = journal.get(attemptId);
      const access = await accessFor({
        gatewayBaseUrl: record?.gatewayBaseUrl ?? null,
        merchantPublicKey: record?.merchantPublicKey ?? null,
      });
      return access.ok ? { ...access, value: access.value.client } : access;
    },
    clock,
    settleMs: tuning.refundSettleMs,
    retryDelaysMs: tuning.inDoubtRetryDelaysMs,
    sleep: sleeper.sleep,
  });
  const reconciler = createReconciler({
    journal,
    holds,
    accessFor,
    logger,
    clock,
    tuning,
    sleeper,
    deadlines,
    settled: (result) => listeners.forEach((listener) => listener(result)),
    savedCards: deps.savedCards,
  });
  const refunds = createRefunds({
    journal,
    accessFor,
    reconciler,
    deadlines,
    clock,
    tuning,
    sleep: sleeper.sleep,
  });
  const env: EngineEnv = {
    journal,
    clock,
    ids: deps.ids,
    challenge: deps.challenge,
    logger,
    tuning,
    sleep: sleeper.sleep,
    deadlines,
  };
  const cardChecks = createCardChecks({
    env,
    checks: () => journal.cardChecks,
    settings: deps.settings,
    openAccess,
    slot,
  });
  const sameCard = createSameCardGuard(journal, clock);
  const runSale = createSaleRun({ journal, reconciler, logger, now, savedCards: deps.savedCards });
  const savedCardPayments = createSavedCardPayments({
    journal,
    env,
    settings: deps.settings,
    openAccess,
    sameCard,
    slot,
    runSale,
    savedCards: deps.savedCards,
    rulesTtlMs: tuning.savedCardRulesTtlMs,
  });
  let running: { controller: AbortController; paySent: boolean; done: Promise<unknown> } | null =
    null;

  /** One sale at a time, keyed or saved card: `work` runs with the slot held. */
  async function exclusively<T>(
    work: (run: { controller: AbortController; paySent: boolean }) => Promise<EngineResult<T>>,
  ): Promise<EngineResult<T>> {
    if (running) return refusal('sale-in-progress', messages.busy);
    let release: () => void = () => undefined;
    const run = {
      controller: new AbortController(),
      paySent: false,
      done: new Promise<void>((resolve) => (release = resolve)),
    };
    running = run;
    try {
      return await work(run);
    } finally {
      running = null;
      release();
    }
  }

  /** What the sale continues of `check`: its Initiate, method page and session. */
  const continuing = (check: CardCheck) => ({
    initiated: check.initiated,
    session: () => check.session,
    handOver: () => journal.cardChecks.update(check.id, { state: 'used', detail: null }),
    discard: () => cardChecks.discardLater(check, 'sale-stopped', false),
  });

  /** A hold's capture or release, claimed like a refund so no settlement round interleaves. */
  async function holdAction(
    attemptId: string,
    act: (attemptId: string) => Promise<EngineResult<HoldActionResult>>,
  ): Promise<EngineResult<HoldResult>> {
    if (!reconciler.claim(attemptId)) {
      return refusal('attempt-busy', 'Another operation on this sale is running.');
    }
    let inDoubt = false;
    try {
      const result = await act(attemptId);
      if (!result.ok) return result;
      inDoubt = result.value.outcome === 'in-doubt';
      return ok({ ...result.value, detail: journal.detail(attemptId) });
    } finally {
      reconciler.release(attemptId);
      if (inDoubt) reconciler.settleLater(attemptId);
    }
  }

  return {
    capture: (attemptId) => holdAction(attemptId, holds.capture),
    release: (attemptId) => holdAction(attemptId, holds.release),
    async prepare({ amount, currency, merchantReferenceId, authorizeOnly }) {
      const settings = deps.settings();
      const parsed = parseSaleAmount(amount, currency, capMinorOf(settings.amountCap, currency));
      const access = await openAccess();
      if (!parsed.ok || !access.ok) {
        slot.discard();
        return { prepared: false };
      }
      const { origin } = access.value;
      keepWarm.start(origin);
      const typed = merchantReferenceId?.trim();
      // A reference Pay would refuse is never signed into a session nor sent.
      const reference = typed && checkOperatorText(typed).ok ? typed : null;
      if (!reference) {
        // Without the sale's reference no session can match it; a warm connection still helps.
        slot.discard();
        await pool.warm(origin);
        return { prepared: false };
      }
      const key: SessionKey = {
        origin,
        merchantPublicKey: access.value.merchantPublicKey,
        amountMinor: parsed.value,
        currency,
        merchantReferenceId: reference,
        operation: authorizeOnly ? 'PreAuthorize' : 'Pay',
      };
      if (!slot.holds(key)) {
        const amountValue = gatewayAmount(parsed.value, currency);
        const session = createGatewaySession(
          access.value,
          key,
          amountValue,
          clock,
          tuning.sessionLifetimeMs,
        ).then((created) => (created.ok ? created.value : null));
        slot.fill(key, session);
      }
      return { prepared: await slot.ready(key) };
    },

    pay: (request, onProgress, recordConsent) =>
      exclusively(async (run) => {
        // Taken before any wait: a card check belongs to this sale now, or is discarded.
        let check = cardChecks.take();
        try {
          const startedAt = now();
          const settings = deps.settings();
          const sale = validateSale(
            request,
            new Date(startedAt),
            capMinorOf(settings.amountCap, request.currency),
          );
          if (!sale.ok) return refusal(sale.error, messages.invalid);
          const holder = paymentHolding(journal, sale.value.merchantReferenceId);
          if (holder) return refusal('reference-in-use', messages.reference, holder);
          const stop = sameCard.stopping(sale.value);
          if (stop) return refusalNaming('same-card-in-doubt', messages.sameCard, stopParams(stop));
          const access = await openAccess();
          if (!access.ok) return refusal(access.error, messages.gateway);
          // Consent is append-only: recorded only for a sale every rule above let through.
          const save = recordConsent ? await recordConsent() : null;
          keepWarm.stop();
          const key: SessionKey = {
            origin: access.value.origin,
            merchantPublicKey: access.value.merchantPublicKey,
            amountMinor: sale.value.amountMinor,
            currency: sale.value.currency,
            merchantReferenceId: sale.value.merchantReferenceId,
            operation: sale.value.operation,
          };
          // A check's Initiate asked for no token: a sale saving its card starts afresh.
          const continued =
            check && !save && cardChecks.fits(check, key, sale.value.card.number) ? check : null;
          if (check && !continued) cardChecks.discardLater(check, 'sale-differs');
          check = null;
          // The sale continues the check under its id and signal: the gateway order's returnUrl
          // names that id, and the signal keys the issuer pages' browser the method page used.
          if (continued) run.controller = continued.controller;
          const attemptId = continued?.id ?? deps.ids.uuid();
          const { card, phone: _phone, ...kept } = sale.value;
          let recorded = false;
          const record = () => {
            if (recorded) return;
            journal.createAttempt(
              {
                attemptId,
                ...kept,
                holderName: card.holderName,
                createdAt: startedAt,
                gatewayBaseUrl: access.value.baseUrl,
                merchantPublicKey: access.value.merchantPublicKey,
                paymentOperation: sale.value.operation,
                saveCard: save,
              },
              {
                step: 'created',
                outcome: 'started',
                detail: sale.value.operation === 'PreAuthorize' ? 'authorize only' : null,
              },
            );
            recorded = true;
          };
          const ctx: AttemptContext = {
            attemptId,
            sale: sale.value,
            save: save && { agreement: save.agreement },
            access: access.value,
            returnUrl: returnUrlFor(settings.returnHost, attemptId),
            language: settings.language,
            signal: run.controller.signal,
            env,
            progress: progressReporter(env, attemptId, startedAt, onProgress),
            session: null,
            record,
            ...(continued ? { checked: continuing(continued) } : {}),
            markPaySent: () => (run.paySent = true),
          };
          // A sale saving its card can be refused for the merchant's token terms: said so.
          const reword = save ? (ending: AttemptEnding) => tokenRefusal(ending).ending : undefined;
          return ok(await runSale(ctx, run, () => runAttempt(ctx, slot), reword));
        } finally {
          // Refused before it could be continued: the check is stale.
          if (check) cardChecks.discardLater(check, 'sale-differs');
        }
      }),

    paySaved: (request, onProgress) =>
      exclusively((run) => {
        keepWarm.stop();
        return savedCardPayments.pay(request, run, onProgress);
      }),
    savedCardRules: () => savedCardPayments.rules(),

    sameCard,
    // A card the sale could not charge now is not sent for checking either.
    checkCard: (request) =>
      cardChecks.start(
        request,
        running !== null || checkHeldBack(sameCard, request, deps.settings().amountCap),
      ),
    dropCardCheck: () => ({ dropped: cardChecks.drop() }),

    cancel() {
      if (!running || running.paySent) return { cancelled: false };
      running.controller.abort();
      return { cancelled: true };
    },

    refund: (attemptId, amount) => refunds.refund(attemptId, amount),
    async check(attemptId) {
      if (!journal.get(attemptId)) return refusal('attempt-not-found', messages.notFound);
      // Busy (a background round or a refund holds it): the journal's answer as it stands.
      await reconciler.checkNow(attemptId);
      // A hold nobody acted on: the gateway may show it captured, voided or lapsed.
      if (reconciler.claim(attemptId)) {
        try {
          if (journal.get(attemptId)?.status === 'authorized') await holds.check(attemptId);
        } finally {
          reconciler.release(attemptId);
        }
      }
      const result = journal.result(attemptId);
      return result ? ok(result) : refusal('attempt-not-found', messages.notFound);
    },
    async reconcile() {
      await reconcileCardChecks(journal.cardChecks, accessFor, logger);
      await reconciler.reconcile();
    },
    needingSupervisor: () => reconciler.needingSupervisor(),

    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async close() {
      if (running && !running.paySent) running.controller.abort();
      await cardChecks.close();
      keepWarm.stop();
      slot.discard();
      sleeper.close();
      await pool.close();
      await running?.done;
      await reconciler.close();
    },
  };
}
