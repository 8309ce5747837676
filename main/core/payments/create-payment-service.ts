import type { AttemptResult } from '../../../shared/ipc';
import { capMinorOf, gatewayAmount } from '../../../shared/money/amount';
import { parseSaleAmount } from '../../../shared/money/exact-amount';
import { checkOperatorText } from '../../../shared/text/operator-text';
import { createConnectionPool } from '../gateway/connection-pool';
import { defaultGatewayTimeouts } from '../gateway/timeouts';
import { IpcFailure } from '../ipc/router';
import { createLogger } from '../logging/redacting-logger';
import type { AttemptContext, EngineEnv } from './attempt-context';
import { ended, writeEnding, type AttemptEnding } from './attempt-ending';
import { runAttempt } from './attempt-flow';
import { failureOf } from './failure-from-gateway';
import { openGatewayAccess, type GatewayAccessSource } from './gateway-access';
import { createKeepWarm } from './keep-warm';
import { defaultEngineTuning, type PaymentServiceDeps } from './payment-deps';
import type { PaymentService } from './payment-service';
import { createReconciler } from './reconciler';
import { createRefunds } from './refunds';
import { validateSale } from './sale-validation';
import { createGatewaySession, createSessionSlot, type SessionKey } from './session-slot';
import { createSleeper } from './sleeper';

const messages = {
  busy: 'A sale is already running.',
  invalid: 'The sale was refused by the input rules.',
  gateway: 'The gateway cannot be reached with the current settings.',
};

/**
 * The payment engine behind the sale, refund and void channels (issue 4). One sale runs at a
 * time; its card lives only in that attempt's memory; every step is journalled before the
 * next network call; Pay is exactly-once; in-doubt attempts settle through Get order.
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
  });
  const sleeper = createSleeper();
  const slot = createSessionSlot(now, tuning.sessionReuseMarginMs);
  const keepWarm = createKeepWarm(pool, now, {
    checkMs: tuning.keepWarmCheckMs,
    windowMs: tuning.keepWarmWindowMs,
  });
  const listeners = new Set<(result: AttemptResult) => void>();
  const source: GatewayAccessSource = {
    gateway: deps.gateway,
    secrets: deps.secrets,
    language: () => deps.settings().language,
    pool,
    timeouts,
    logger,
    clock,
  };
  const openAccess = () => openGatewayAccess(source);
  const reconciler = createReconciler({
    journal,
    openAccess,
    logger,
    tuning,
    sleeper,
    settled: (result) => listeners.forEach((listener) => listener(result)),
  });
  const refunds = createRefunds({
    journal,
    openAccess,
    reconciler,
    inDoubtRetryDelaysMs: tuning.inDoubtRetryDelaysMs,
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
  };
  let running: { controller: AbortController; paySent: boolean; done: Promise<unknown> } | null =
    null;

  async function runSale(
    attemptId: string,
    ctx: AttemptContext,
    run: { paySent: boolean },
  ): Promise<AttemptResult> {
    let ending: AttemptEnding;
    // Claimed for the whole run, so a start-up reconcile never settles it underneath us.
    reconciler.claim(attemptId);
    try {
      ending = await runAttempt(ctx, slot);
    } catch (error) {
      // A bug, not a gateway outcome. After Pay left, only Get order may say what happened.
      logger.error('attempt failed unexpectedly', { attemptId, error });
      ending = run.paySent
        ? { status: 'in-doubt', state: 'pay-sent', failure: failureOf('pay-outcome-unknown') }
        : ended('error', 'engine-error');
    }
    try {
      writeEnding(journal, attemptId, ending);
    } finally {
      reconciler.release(attemptId);
    }
    if (ending.status === 'in-doubt') reconciler.settleLater(attemptId);
    ctx.progress('done');
    const result = journal.result(attemptId);
    if (!result) throw new Error('journal lost the attempt it just wrote');
    return result;
  }

  return {
    async prepare({ amount, currency, merchantReferenceId }) {
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
      };
      if (!slot.holds(key)) {
        const amountValue = gatewayAmount(parsed.value, currency);
        const session = createGatewaySession(
          access.value,
          key,
          amountValue,
          now,
          tuning.sessionLifetimeMs,
        ).then((created) => (created.ok ? created.value : null));
        slot.fill(key, session);
      }
      return { prepared: await slot.ready(key) };
    },

    async pay(request, onProgress) {
      if (running) throw new IpcFailure('sale-in-progress', messages.busy);
      let release: () => void = () => undefined;
      const run = {
        controller: new AbortController(),
        paySent: false,
        done: new Promise<void>((resolve) => (release = resolve)),
      };
      running = run;
      try {
        const startedAt = now();
        const settings = deps.settings();
        const sale = validateSale(
          request,
          new Date(startedAt),
          capMinorOf(settings.amountCap, request.currency),
        );
        if (!sale.ok) throw new IpcFailure(sale.error, messages.invalid);
        const access = await openAccess();
        if (!access.ok) throw new IpcFailure(access.error, messages.gateway);
        keepWarm.stop();
        const attemptId = deps.ids.uuid();
        const { card, phone: _phone, ...kept } = sale.value;
        journal.createAttempt(
          { attemptId, ...kept, holderName: card.holderName, createdAt: startedAt },
          { step: 'created', outcome: 'started', detail: null },
        );
        const ctx: AttemptContext = {
          attemptId,
          sale: sale.value,
          access: access.value,
          returnUrl: `https://${settings.returnHost}/3ds/${attemptId}`,
          language: settings.language,
          signal: run.controller.signal,
          env,
          progress: (step) => {
            // A failing listener (the UI's concern) must never change a payment's course.
            try {
              onProgress({ attemptId, step, at: now(), elapsedMs: now() - startedAt });
            } catch (error) {
              logger.warn('progress listener failed', { attemptId, error });
            }
          },
          session: null,
          markPaySent: () => (run.paySent = true),
        };
        return await runSale(attemptId, ctx, run);
      } finally {
        running = null;
        release();
      }
    },

    cancel() {
      if (!running || running.paySent) return { cancelled: false };
      running.controller.abort();
      return { cancelled: true };
    },

    refund: (attemptId, amount) => refunds.refund(attemptId, amount),
    voidOrder: (attemptId, reason) => refunds.voidOrder(attemptId, reason),
    reconcile: () => reconciler.reconcile(),

    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async close() {
      if (running && !running.paySent) running.controller.abort();
      keepWarm.stop();
      slot.discard();
      sleeper.close();
      await pool.close();
      await running?.done;
      await reconciler.close();
    },
  };
}
