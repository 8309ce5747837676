import { z } from 'zod';
import type { PlantedOrder } from './planted-order';
import {
  defaultMerchantConfig,
  merchantConfigChangeSchema,
  type MerchantConfig,
  type MerchantConfigChange,
} from './tokens/merchant-config';
import type { PlantedToken } from './tokens/planted-token';

export const sandboxOperations = [
  'session',
  'initiate',
  'payer',
  'pay',
  'order',
  'search',
  'refund',
  'cancel',
  'capture',
  // Saved cards (tokens)
  'token-initiate',
  'token-payer',
  'pay-token',
  'token-get',
  'config',
  // Payment links (e-invoices)
  'link-create',
  'link-update',
  'link-get',
  'link-delete',
  'link-sms',
  'link-email',
  'intent',
] as const;
export type SandboxOperation = (typeof sandboxOperations)[number];

/**
 * How a call fails before it runs. 500/502/503/504 answer with a problem body; 'hang' never
 * answers (the socket is dropped after 60 s, or when the sandbox closes); 'reset' destroys
 * the socket before any response byte.
 */
export type FailureKind = 500 | 502 | 503 | 504 | 'hang' | 'reset';
export const failureKinds = [500, 502, 503, 504, 'hang', 'reset'] as const;
export const failureKindSchema = z.literal(failureKinds);

/** What a call answers after it ran in full (the gateway committed, then its front failed). */
export type AfterCommitStatus = 502 | 504;
export const afterCommitStatusSchema = z.literal([502, 504]);

/** How the next Pay calls end at the gateway instead of being charged (GATEWAY-MORE.md §6). */
export type PayEnding = 'Reversed' | 'ClientTimedOut' | 'ServerTimedOut';
export const payEndings = ['Reversed', 'ClientTimedOut', 'ServerTimedOut'] as const;

/**
 * The longest delay any fault may add (latency, late Pay, read lag, refused connections):
 * Training mode runs on this sandbox, and no fault may leave it hanging for longer.
 */
export const MAX_FAULT_DELAY_MS = 60_000;

const delayMs = z.number().int().min(0).max(MAX_FAULT_DELAY_MS);

/** How long an issuer keeps a card-not-present authorization (GATEWAY-MORE.md §3): 7 days. */
export const DEFAULT_HOLD_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest hold lifetime a test may set: 31 days. */
export const holdLifetimeSchema = z
  .number()
  .int()
  .min(0)
  .max(31 * 24 * 60 * 60 * 1000);
const positiveCount = z.number().int().min(1);
const target = z.string().min(1);

/**
 * Faults tests, benchmarks and the CLI inject (docs/sandbox.md, "Faults"). Failures are
 * taken before the call runs, so a failed call changes nothing; the after-commit faults
 * (`failAfterCommit`, `losePayAnswer`) are taken after the call ran in full.
 */
export interface SandboxFaults {
  /** Added to every API call before it is handled (0 to remove; at most 60 000 ms). */
  setLatency(ms: number): void;
  /**
   * The next `count` requests to `target` fail with `kind` before they run: nothing changes
   * at the gateway. `target` is an operation name or a path suffix ('/direct/pay',
   * '/acs/challenge').
   */
  failNext(target: SandboxOperation | string, count: number, kind: FailureKind): void;
  /**
   * The next `count` requests to `target` wait `ms` after their body arrived, then run: one
   * slow call (a Cancel that reaches the order after a Pay still on its way). At most 60 000 ms.
   */
  delayNext(target: SandboxOperation | string, count: number, ms: number): void;
  /**
   * The next `count` requests to `target` run in full (Pay captures, Refund refunds), then
   * answer `status` with a problem body.
   */
  failAfterCommit(
    target: SandboxOperation | string,
    count: number,
    status: AfterCommitStatus,
  ): void;
  /**
   * The next `count` Pay calls run in full (a capture happens when the card pays) and then
   * their connection is destroyed before any response byte: the caller cannot know.
   */
  losePayAnswer(count: number): void;
  /**
   * The next `count` Pay calls pass validation and are accepted, but the order shows no Pay
   * for `delayMs`; then the Pay is applied (once), whether or not the client is still
   * connected, and answered if it is.
   */
  payLandsLate(count: number, delayMs: number): void;
  /**
   * The next `count` Pays that land late on a cancelled order charge it all the same: a
   * gateway breaking its own rule, so tests can see that Paydesk notices money it was told
   * could not come.
   */
  chargeCancelledOrders(count: number): void;
  /** Get order and Search show every order as it was `ms` earlier (0 removes the lag). */
  orderReadLag(ms: number): void;
  /** The next `count` Pay calls end the order in `status` instead of charging it. */
  payEndsAs(count: number, status: PayEnding): void;
  /**
   * Holds (Authorized orders) lapse `ms` after their authorization by the sandbox clock:
   * the order then reads `Reversed` with a Reversal transaction. Default 7 days.
   */
  expireHoldsAfter(ms: number): void;
  /** Closes the listener for `ms` (connect gets ECONNREFUSED), then listens on the same port. */
  refuseConnections(ms: number): void;
  /**
   * Adds paid orders the app never journalled (at once, not counted): reconciliation's
   * gateway-only orders. Returns their order ids.
   */
  plantOrder(order: PlantedOrder): string[];
  /**
   * How long the issuer's 3-D Secure method page takes to answer (0: at once). A real
   * issuer's device fingerprinting takes 0.5–3 s; benchmarks and tests set it here.
   */
  setMethodPageDuration(ms: number): void;
  /**
   * Changes some of the merchant configuration flags (`GET /pgw/api/v1/config/{key}`), which
   * the token calls obey; the others stay. `clear()` restores the defaults.
   */
  setMerchantConfig(change: MerchantConfigChange): void;
  /**
   * Makes a saved card's expiry the month before the sandbox clock's: it is then refused as
   * expired. False when no token has this id.
   */
  expireToken(tokenId: string): boolean;
  /**
   * Adds a saved card as a payment with cardOnFile would, for this merchant or (with
   * `merchantPublicKey`) another one; returns its tokenId.
   */
  plantToken(token: PlantedToken): string;
  /** Removes every fault (a refusal already running ends on its own time). */
  clear(): void;
}

/** What the fault plan asks of the sandbox's saved cards. */
export interface TokenControls {
  expire(tokenId: string): boolean;
  plant(token: PlantedToken): string;
}

interface Pending<T> {
  readonly target: string;
  remaining: number;
  readonly value: T;
}

const isOperation = (name: string): name is SandboxOperation =>
  (sandboxOperations as readonly string[]).includes(name);

/** A queue of counted faults: each request consumes one use of the first that matches it. */
class CountedFaults<T> {
  private entries: Pending<T>[] = [];

  add(entry: Pending<T>): void {
    this.entries.push(entry);
  }

  take(match: (entry: Pending<T>) => boolean): T | null {
    const found = this.entries.find(match);
    if (!found) return null;
    found.remaining -= 1;
    if (found.remaining === 0) this.entries = this.entries.filter((entry) => entry !== found);
    return found.value;
  }

  clear(): void {
    this.entries = [];
  }
}

const forRequest =
  (operation: SandboxOperation | null, path: string) =>
  (entry: Pending<unknown>): boolean =>
    isOperation(entry.target) ? entry.target === operation : path.endsWith(entry.target);

const anyPay = (): boolean => true;

/** The faults plus what the request pipeline asks of them. */
export class FaultPlan implements SandboxFaults {
  latencyMs = 0;
  readLagMs = 0;
  holdLifetimeMs = DEFAULT_HOLD_LIFETIME_MS;
  methodPageMs = 0;
  merchantConfig: MerchantConfig = defaultMerchantConfig();
  private readonly failures = new CountedFaults<FailureKind>();
  private readonly afterCommit = new CountedFaults<AfterCommitStatus>();
  private readonly delays = new CountedFaults<number>();
  private readonly latePays = new CountedFaults<number>();
  private readonly payEndingsQueue = new CountedFaults<PayEnding>();
  private lostPayAnswers = 0;
  private cancelledCharges = 0;

  private refuse: ((ms: number) => void) | undefined;
  private plant: ((order: PlantedOrder) => string[]) | undefined;
  private tokens: TokenControls | undefined;

  /** How refuseConnections closes the sandbox's listener; until set, it throws. */
  attachListener(refuse: (ms: number) => void): void {
    this.refuse = refuse;
  }

  /** How plantOrder adds orders to the sandbox's state; until set, it throws. */
  attachPlanter(plant: (order: PlantedOrder) => string[]): void {
    this.plant = plant;
  }

  /** How expireToken and plantToken reach the sandbox's saved cards; until set, they throw. */
  attachTokens(tokens: TokenControls): void {
    this.tokens = tokens;
  }

  setLatency(ms: number): void {
    this.latencyMs = delayMs.parse(ms);
  }

  failNext(name: string, count: number, kind: FailureKind): void {
    const value = failureKindSchema.parse(kind);
    this.failures.add({ target: target.parse(name), remaining: positiveCount.parse(count), value });
  }

  delayNext(name: string, count: number, ms: number): void {
    this.delays.add({
      target: target.parse(name),
      remaining: positiveCount.parse(count),
      value: delayMs.parse(ms),
    });
  }

  failAfterCommit(name: string, count: number, status: AfterCommitStatus): void {
    const value = afterCommitStatusSchema.parse(status);
    this.afterCommit.add({
      target: target.parse(name),
      remaining: positiveCount.parse(count),
      value,
    });
  }

  losePayAnswer(count: number): void {
    this.lostPayAnswers += z.number().int().min(0).parse(count);
  }

  payLandsLate(count: number, ms: number): void {
    this.latePays.add({
      target: 'pay',
      remaining: positiveCount.parse(count),
      value: delayMs.parse(ms),
    });
  }

  chargeCancelledOrders(count: number): void {
    this.cancelledCharges += z.number().int().min(0).parse(count);
  }

  orderReadLag(ms: number): void {
    this.readLagMs = delayMs.parse(ms);
  }

  payEndsAs(count: number, status: PayEnding): void {
    this.payEndingsQueue.add({
      target: 'pay',
      remaining: positiveCount.parse(count),
      value: z.enum(payEndings).parse(status),
    });
  }

  expireHoldsAfter(ms: number): void {
    this.holdLifetimeMs = holdLifetimeSchema.parse(ms);
  }

  setMethodPageDuration(ms: number): void {
    this.methodPageMs = delayMs.parse(ms);
  }

  refuseConnections(ms: number): void {
    const duration = delayMs.parse(ms);
    if (!this.refuse) throw new Error('This fault plan has no listener to close.');
    this.refuse(duration);
  }

  plantOrder(order: PlantedOrder): string[] {
    if (!this.plant) throw new Error('This fault plan has no sandbox to plant orders in.');
    return this.plant(order);
  }

  setMerchantConfig(change: MerchantConfigChange): void {
    this.merchantConfig = { ...this.merchantConfig, ...merchantConfigChangeSchema.parse(change) };
  }

  expireToken(tokenId: string): boolean {
    if (!this.tokens) throw new Error('This fault plan has no sandbox tokens to expire.');
    return this.tokens.expire(target.parse(tokenId));
  }

  plantToken(token: PlantedToken): string {
    if (!this.tokens) throw new Error('This fault plan has no sandbox to plant tokens in.');
    return this.tokens.plant(token);
  }

  clear(): void {
    this.merchantConfig = defaultMerchantConfig();
    this.latencyMs = 0;
    this.readLagMs = 0;
    this.holdLifetimeMs = DEFAULT_HOLD_LIFETIME_MS;
    this.methodPageMs = 0;
    this.failures.clear();
    this.afterCommit.clear();
    this.delays.clear();
    this.latePays.clear();
    this.payEndingsQueue.clear();
    this.lostPayAnswers = 0;
    this.cancelledCharges = 0;
  }

  /** For a late Pay that finds its order cancelled: whether it charges it anyway. */
  takeChargeCancelled(): boolean {
    if (this.cancelledCharges === 0) return false;
    this.cancelledCharges -= 1;
    return true;
  }

  /** Consumes one matching failure, if any, for this request (before it runs). */
  takeFailure(operation: SandboxOperation | null, path: string): FailureKind | null {
    return this.failures.take(forRequest(operation, path));
  }

  /** How long this request waits before it runs: the latency plus one matching delay, if any. */
  takeDelay(operation: SandboxOperation | null, path: string): number {
    return this.latencyMs + (this.delays.take(forRequest(operation, path)) ?? 0);
  }

  /** Consumes one matching after-commit status, if any, for this request (after it ran). */
  takeAfterCommit(operation: SandboxOperation | null, path: string): AfterCommitStatus | null {
    return this.afterCommit.take(forRequest(operation, path));
  }

  takeLostPayAnswer(): boolean {
    if (this.lostPayAnswers === 0) return false;
    this.lostPayAnswers -= 1;
    return true;
  }

  /** For an accepted Pay: how long it stays invisible before it lands, or null. */
  takeLatePay(): number | null {
    return this.latePays.take(anyPay);
  }

  /** For an accepted Pay: how it ends instead of being charged, or null. */
  takePayEnding(): PayEnding | null {
    return this.payEndingsQueue.take(anyPay);
  }
}
