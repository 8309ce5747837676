import type { SaleStep } from '../../../shared/ipc';
import type { SaleProgress } from './payment-service';
import type { Journal } from '../journal/journal';
import type { ChallengeRunner, Clock, IdGenerator, Logger } from '../ports';
import { ended, type AttemptEnding } from './attempt-ending';
import type { Deadlines } from './deadlines';
import type { GatewayAccess } from './gateway-access';
import type { EngineTuning } from './payment-deps';
import type { SaleTerms, ValidSale } from './sale-validation';
import type { SaveCardTerms } from '../gateway/token-calls';
import type { Initiated } from './authentication-steps';
import type { GatewaySession } from './session-slot';

/** A card check the sale continues: Initiate and the method page ran before Enter. */
export interface ContinuedCheck {
  /** Initiate's answer once it and the method page are done; null when it gave no order. */
  readonly initiated: Promise<Initiated | null>;
  /** The check's session (known once its Initiate left). */
  session(): GatewaySession | null;
  /** The journal's card check row now belongs to this attempt. */
  handOver(): void;
  /** The sale stops without using it: cancel its order at the gateway. */
  discard(): void;
}

/** What every step of every attempt shares. */
export interface EngineEnv {
  journal: Journal;
  clock: Clock;
  ids: IdGenerator;
  challenge: ChallengeRunner;
  logger: Logger;
  tuning: EngineTuning;
  sleep: (ms: number) => Promise<void>;
  deadlines: Deadlines;
}

/**
 * One attempt in memory. `sale.card` is the only copy of the full card number and CVV (a
 * saved card's sale holds its token and, at most, a CVV); the context is dropped when the
 * payment returns, and nothing copies the card out of it.
 */
export interface AttemptContext<S extends SaleTerms = ValidSale> {
  readonly attemptId: string;
  readonly sale: S;
  /** The customer agreed to keep the card: the gateway is asked for a token. */
  readonly save?: SaveCardTerms | null;
  readonly access: GatewayAccess;
  readonly returnUrl: string;
  readonly language: 'en' | 'ar';
  readonly signal: AbortSignal;
  readonly env: EngineEnv;
  readonly progress: (step: SaleStep) => void;
  session: GatewaySession | null;
  /**
   * Writes the attempt's first row, once (later calls do nothing). It goes into the journal
   * with the first transition, the session, not in a write of its own: nothing reaches the
   * gateway in between that a crash could leave behind unrecorded but a session.
   */
  record(): void;
  /** The card check this sale continues, if one was running for exactly this sale. */
  readonly checked?: ContinuedCheck;
  /** From this moment the attempt can no longer be cancelled. */
  markPaySent(): void;
}

/** What the steps that do not touch the card read of any attempt. */
export type AnyAttempt = AttemptContext<SaleTerms>;

export const sessionExpired = (ctx: AnyAttempt): boolean =>
  ctx.session !== null && ctx.env.clock.now() >= ctx.session.expiresAt;

/** Checked before every step: the operator's cancel, then the session's 15 minutes. */
export function stopReason(ctx: AnyAttempt): AttemptEnding | null {
  if (ctx.signal.aborted) return ended('cancelled', 'cancelled-by-operator');
  if (sessionExpired(ctx)) return ended('expired', 'session-expired');
  return null;
}

/** The returnUrl unique to one attempt (DESIGN.md §3): never loaded, only caught. */
export const returnUrlFor = (returnHost: string, attemptId: string) =>
  `https://${returnHost}/3ds/${attemptId}`;

/**
 * The attempt's steps for the progress screen, timed from the operator's Enter. A failing
 * listener (the UI's concern) must never change a payment's course.
 */
export const progressReporter =
  (
    env: Pick<EngineEnv, 'clock' | 'logger'>,
    attemptId: string,
    startedAt: number,
    onProgress: (progress: SaleProgress) => void,
  ) =>
  (step: SaleStep): void => {
    const at = env.clock.now();
    try {
      onProgress({ attemptId, step, at, elapsedMs: at - startedAt });
    } catch (error) {
      env.logger.warn('progress listener failed', { attemptId, error });
    }
  };
