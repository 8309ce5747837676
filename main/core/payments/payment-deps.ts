import type { Dispatcher } from 'undici';
import type { Journal } from '../journal/journal';
import type {
  ChallengeRunner,
  Clock,
  IdGenerator,
  Logger,
  SavedCardSink,
  SecretReader,
} from '../ports';
import type { GatewayTimeouts } from '../gateway/timeouts';

/** Read per attempt: settings can change between sales. */
export interface PaymentSettings {
  /** Host of the per-attempt returnUrl `https://<returnHost>/3ds/<attemptId>`. */
  returnHost: string;
  language: 'en' | 'ar';
  /** Largest amount of one sale, decimal text in major units. */
  amountCap: string;
  /**
   * Check the card while it is typed: Initiate Authentication and the method page
   * start once the number is complete. Absent: on, as the setting's default.
   */
  checkCardEarly?: boolean;
}

/** Timings of the engine itself; every one injectable so tests run in milliseconds. */
export interface EngineTuning {
  /** How long the hidden 3-D Secure method page may run (DESIGN.md §3: 10 s). */
  methodTimeoutMs: number;
  /** Gateway session lifetime (15 minutes). */
  sessionLifetimeMs: number;
  /** A prepared session is reused only with at least this much life left for the sale. */
  sessionReuseMarginMs: number;
  /**
   * After the session's lifetime, how long "no charge on the order yet" is still not final
   * (a Pay may land late); 15 + 2 = 17 minutes after the session was created.
   */
  settleGraceMs: number;
  /** How long after a refund was sent "no refund on the order yet" is still not final. */
  refundSettleMs: number;
  /** Pauses before re-sending a Pay whose connection was refused or never opened. */
  connectRetryDelaysMs: number[];
  /** Pauses before each Get order while an attempt is in doubt, during `pay`. */
  inDoubtRetryDelaysMs: number[];
  /** Pauses between later Get order rounds in the background; the last one repeats. */
  backgroundRetryDelaysMs: number[];
  /**
   * Background rounds before an attempt is left in doubt for the next start-up; with the
   * delays above they must outlast the deadline (17 minutes).
   */
  backgroundMaxRounds: number;
  /** While a prepared session waits, reopen the connection if the server closed it. */
  keepWarmCheckMs: number;
  /** How long after `prepare` the connection is kept warm. */
  keepWarmWindowMs: number;
  /** How long a card check may hold the card number in memory (15 minutes, a session's life). */
  cardCheckLifetimeMs: number;
  /** How long the merchant's token rules, once read from the gateway, are trusted. */
  savedCardRulesTtlMs: number;
}

export const defaultEngineTuning: EngineTuning = {
  methodTimeoutMs: 10_000,
  sessionLifetimeMs: 15 * 60_000,
  sessionReuseMarginMs: 5 * 60_000,
  settleGraceMs: 2 * 60_000,
  refundSettleMs: 17 * 60_000,
  connectRetryDelaysMs: [500, 2_000],
  inDoubtRetryDelaysMs: [0, 1_000, 2_000, 4_000],
  backgroundRetryDelaysMs: [0, 10_000, 30_000, 60_000],
  backgroundMaxRounds: 60,
  keepWarmCheckMs: 1_000,
  keepWarmWindowMs: 2 * 60_000,
  cardCheckLifetimeMs: 15 * 60_000,
  savedCardRulesTtlMs: 5 * 60_000,
};

export interface PaymentServiceDeps {
  /** The gateway base URL for the environment in settings (Training: the sandbox's). */
  gateway: () => { baseUrl: string };
  secrets: SecretReader;
  challenge: ChallengeRunner;
  journal: Journal;
  clock: Clock;
  ids: IdGenerator;
  /** Wrapped in the redacting logger again by the engine: raw sinks are safe to pass. */
  logger: Logger;
  settings: () => PaymentSettings;
  timeouts?: Partial<GatewayTimeouts>;
  tuning?: Partial<EngineTuning>;
  /** Replaces the keep-alive pool per origin (benchmarks, tests). */
  dispatcherFactory?: (origin: string) => Dispatcher;
  /** Where tokens the gateway issued or refused go (the customers' directory); absent: nowhere. */
  savedCards?: SavedCardSink;
}
