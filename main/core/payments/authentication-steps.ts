import type { ChallengeOutcome } from '../ports';
import type { DeviceIdentification } from '../gateway/call-types';
import type { GatewayResult } from '../gateway/gateway-error';
import { unescapeGatewayHtml } from '../gateway/gateway-html';
import type { InitiateResponse, PayerResponse } from '../gateway/response-schemas';
import {
  sessionExpired,
  stopReason,
  type AnyAttempt,
  type AttemptContext,
  type EngineEnv,
} from './attempt-context';
import { ended, endingFromError, type AttemptEnding } from './attempt-ending';
import { failureOf } from './failure-from-gateway';

/**
 * The two authentication calls of one way of paying: Initiate and Authenticate Payer with a
 * keyed card, or their token twins with a saved one. The steps around them are the same.
 */
export interface AuthenticationCalls {
  initiate(signal: AbortSignal): Promise<GatewayResult<InitiateResponse>>;
  /** Null when nobody is there to pass a challenge (merchant-initiated): no payer step. */
  payer:
    | ((
        input: { orderId: string; device: DeviceIdentification; timeZone: number },
        signal: AbortSignal,
      ) => Promise<GatewayResult<PayerResponse>>)
    | null;
}

/** The keyed card's calls, asking for a token when the customer agreed to save the card. */
export function keyedAuthentication(ctx: AttemptContext): AuthenticationCalls {
  // Read at call time: the session is opened after the calls are chosen.
  const sessionId = () => ctx.session?.sessionId ?? '';
  return {
    initiate: (signal) =>
      ctx.access.client.initiateAuthentication(
        {
          sessionId: sessionId(),
          cardNumber: ctx.sale.card.number,
          returnUrl: ctx.returnUrl,
          operation: ctx.sale.operation,
          save: ctx.save ?? null,
        },
        signal,
      ),
    payer: (input, signal) =>
      ctx.access.client.authenticatePayer(
        {
          sessionId: sessionId(),
          ...input,
          card: ctx.sale.card,
          operation: ctx.sale.operation,
          save: ctx.save ?? null,
        },
        signal,
      ),
  };
}

/** Authentication finished: Pay with this threeDSecureId. */
export interface ReadyToPay {
  kind: 'pay';
  orderId: string;
  threeDSecureId: string;
  /** How authentication ended, for the audit line written with `pay-sent`. */
  via: string;
}

const continueToPay = new Set(['ContinueToPay', 'ContinueToPayWithNotEnrolledCard']);
/** The gateway's code for a challenge the cardholder cancelled (GATEWAY.md, "Errors"). */
const CHALLENGE_CANCELLED = '010.001';
const SUCCESS = '000';

const readyOrMissingId = (orderId: string, threeDSecureId: string | null, via: string) =>
  threeDSecureId
    ? ({ kind: 'pay', orderId, threeDSecureId, via } as const)
    : {
        status: 'error' as const,
        failure: failureOf('gateway-invalid-response', null, 'no threeDSecureId'),
      };

/** The customer's answer on the challenge page, as an ending or the go-ahead for Pay. */
function challengeEnding(ctx: AnyAttempt, outcome: ChallengeOutcome): AttemptEnding | null {
  if (outcome.kind === 'expired') return ended('expired', 'session-expired');
  if (outcome.kind === 'cancelled') {
    return ended(
      'cancelled',
      ctx.signal.aborted ? 'cancelled-by-operator' : 'authentication-cancelled',
    );
  }
  if (outcome.code === SUCCESS) return null;
  const code =
    outcome.code === CHALLENGE_CANCELLED ? 'authentication-cancelled' : 'authentication-failed';
  return {
    status: code === 'authentication-cancelled' ? 'cancelled' : 'authentication-failed',
    // A near-miss of the returnUrl returns no code at all: no gateway code to show.
    failure: failureOf(code, outcome.code || null, outcome.msg),
  };
}

async function runChallenge(ctx: AnyAttempt, html: string): Promise<AttemptEnding | null> {
  ctx.progress('customer-verification');
  const { challenge, logger } = ctx.env;
  let outcome: ChallengeOutcome;
  try {
    outcome = await challenge.runChallenge(unescapeGatewayHtml(html), {
      returnUrl: ctx.returnUrl,
      deadline: ctx.session?.expiresAt ?? 0,
      signal: ctx.signal,
    });
  } catch (error) {
    logger.error('challenge window failed', { attemptId: ctx.attemptId, error });
    return ended('error', 'challenge-unavailable');
  }
  // A passed challenge is recorded with `pay-sent`, a failed one with the ending: either
  // way before the next gateway call, without a journal write of its own.
  return challengeEnding(ctx, outcome);
}

/** Where a method page runs: the attempt's (or card check's) signal keys its browser partition. */
export interface MethodRun {
  html: string;
  signal: AbortSignal;
  returnUrl: string;
  /** The attempt or card check, for the log line. */
  id: string;
}

/** Runs the method page; its result travels with the payer step's journal line. */
export async function runMethodPage(
  env: Pick<EngineEnv, 'challenge' | 'tuning' | 'logger'>,
  run: MethodRun,
): Promise<string> {
  try {
    await env.challenge.runMethod(unescapeGatewayHtml(run.html), {
      timeoutMs: env.tuning.methodTimeoutMs,
      signal: run.signal,
      returnUrl: run.returnUrl,
    });
    return 'method ran';
  } catch (error) {
    // The method page is the issuer's fingerprinting; the payment goes on without it.
    env.logger.warn('3-D Secure method page failed', { id: run.id, error });
    return 'method failed';
  }
}

/** Authenticate Payer with fresh device values, then the challenge when there is one. */
async function authenticatePayer(
  ctx: AnyAttempt,
  payerCall: NonNullable<AuthenticationCalls['payer']>,
  orderId: string,
  method: string | null,
): Promise<ReadyToPay | AttemptEnding> {
  const { clock, ids, challenge, journal } = ctx.env;
  const stop = stopReason(ctx);
  if (stop) return stop;
  const payer = await payerCall(
    {
      orderId,
      // New per attempt: the card network refuses repeated device values (seed §1).
      device: {
        providerDeviceId: ids.uuid(),
        language: ctx.language,
        userAgent: await challenge.userAgent(),
      },
      timeZone: -new Date(clock.now()).getTimezoneOffset(),
    },
    ctx.signal,
  );
  if (!payer.ok)
    return endingFromError(payer.error, 'rejected', 'gateway-refused', sessionExpired(ctx));
  const { threeDSecureId, gatewayDecision, html } = payer.value;
  journal.transition(
    ctx.attemptId,
    { state: 'payer-authenticated', threeDSecureId },
    { step: 'payer', outcome: gatewayDecision ?? 'ok', detail: method },
  );
  if (gatewayDecision === 'Reject') return ended('rejected', 'card-rejected');
  if (html) {
    const ending = await runChallenge(ctx, html);
    if (ending) return ending;
    return stopReason(ctx) ?? readyOrMissingId(orderId, threeDSecureId, 'challenge passed');
  }
  if (gatewayDecision && continueToPay.has(gatewayDecision))
    return readyOrMissingId(orderId, threeDSecureId, gatewayDecision);
  return ended('error', 'gateway-decision-unknown');
}

/** What Initiate Authentication answered, and the method page's result when a card check ran it. */
export interface Initiated {
  orderId: string;
  threeDSecureId: string | null;
  gatewayDecision: string;
  html: string | null;
  /** Set when the method page already ran (a card check); undefined: run it now. */
  method?: string | null;
}

/** Initiate's answer in the journal, before the method page or the next call. */
export function recordInitiated(
  ctx: AnyAttempt,
  { orderId, threeDSecureId, gatewayDecision }: Initiated,
  detail: string | null,
): void {
  ctx.env.journal.transition(
    ctx.attemptId,
    { state: 'initiated', orderId, threeDSecureId },
    { step: 'initiate', outcome: gatewayDecision, detail },
  );
}

/**
 * Initiate Authentication and every branch of its gatewayDecision (DESIGN.md §3 steps 2–5):
 * ContinueToPayer runs the method page, Authenticate Payer and the challenge; the two
 * ContinueToPay decisions go straight to Pay; Reject ends the attempt. With `checked`, a card
 * check already ran Initiate and the method page while the card was typed (and its answer is
 * in the journal): Enter waits only for Authenticate Payer.
 */
export async function authenticate(
  ctx: AnyAttempt,
  calls: AuthenticationCalls,
  checked?: Initiated,
): Promise<ReadyToPay | AttemptEnding> {
  // A continued card check reported this step while its method page finished.
  if (!checked) ctx.progress('checking-card');
  const stop = stopReason(ctx);
  if (stop) return stop;
  let initiated: Initiated;
  if (checked) {
    initiated = checked;
  } else {
    const answer = await calls.initiate(ctx.signal);
    if (!answer.ok) {
      return endingFromError(answer.error, 'rejected', 'gateway-refused', sessionExpired(ctx));
    }
    initiated = answer.value;
    recordInitiated(ctx, initiated, null);
  }
  const { orderId, threeDSecureId, gatewayDecision, html } = initiated;
  if (gatewayDecision === 'Reject') return ended('rejected', 'card-rejected');
  if (continueToPay.has(gatewayDecision)) {
    return readyOrMissingId(orderId, threeDSecureId, gatewayDecision);
  }
  if (gatewayDecision !== 'ContinueToPayer' || !calls.payer) {
    return ended('error', 'gateway-decision-unknown');
  }
  const payerCall = calls.payer;
  try {
    const method =
      initiated.method !== undefined
        ? initiated.method
        : html
          ? await runMethodPage(ctx.env, {
              html,
              signal: ctx.signal,
              returnUrl: ctx.returnUrl,
              id: ctx.attemptId,
            })
          : null;
    return await authenticatePayer(ctx, payerCall, orderId, method);
  } finally {
    // Pay does not wait for the wipe; it only has to happen, and failing it stops nothing.
    ctx.env.challenge.endAttempt(ctx.signal).catch((error: unknown) => {
      ctx.env.logger.warn('issuer page storage not wiped', { attemptId: ctx.attemptId, error });
    });
  }
}
