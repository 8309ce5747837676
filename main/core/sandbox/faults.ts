import { z } from 'zod';

export const sandboxOperations = [
  'session',
  'initiate',
  'payer',
  'pay',
  'order',
  'search',
  'refund',
  'cancel',
] as const;
export type SandboxOperation = (typeof sandboxOperations)[number];

/** 500 and 503 answer with a problem body; 'hang' never answers (until the sandbox closes). */
export type FailureKind = 500 | 503 | 'hang';
export const failureKindSchema = z.union([z.literal(500), z.literal(503), z.literal('hang')]);

/**
 * Faults tests and benchmarks inject (issue 3, "Faults"). Failures are taken before the
 * call runs, so a failed call changes nothing; a lost Pay answer is taken after Pay ran.
 */
export interface SandboxFaults {
  /** Added to every API call before it is handled (0 to remove). */
  setLatency(ms: number): void;
  /**
   * The next `count` requests to `target` fail with `kind`. `target` is an operation name
   * or a path suffix (e.g. '/direct/pay', '/acs/challenge').
   */
  failNext(target: SandboxOperation | string, count: number, kind: FailureKind): void;
  /**
   * The next `count` Pay calls run in full (a capture happens when the card pays) and then
   * their connection is destroyed before any response byte: the caller cannot know.
   */
  losePayAnswer(count: number): void;
  /** Removes every fault. */
  clear(): void;
}

interface PendingFailure {
  target: string;
  remaining: number;
  kind: FailureKind;
}

const isOperation = (target: string): target is SandboxOperation =>
  (sandboxOperations as readonly string[]).includes(target);

/** The faults plus what the request pipeline asks of them. */
export class FaultPlan implements SandboxFaults {
  latencyMs = 0;
  private failures: PendingFailure[] = [];
  private lostPayAnswers = 0;

  setLatency(ms: number): void {
    this.latencyMs = z.number().int().min(0).max(600_000).parse(ms);
  }

  failNext(target: string, count: number, kind: FailureKind): void {
    const remaining = z.number().int().min(1).parse(count);
    this.failures.push({ target: z.string().min(1).parse(target), remaining, kind });
  }

  losePayAnswer(count: number): void {
    this.lostPayAnswers += z.number().int().min(0).parse(count);
  }

  clear(): void {
    this.latencyMs = 0;
    this.failures = [];
    this.lostPayAnswers = 0;
  }

  /** Consumes one matching failure, if any, for this request. */
  takeFailure(operation: SandboxOperation | null, path: string): FailureKind | null {
    const match = this.failures.find((failure) =>
      isOperation(failure.target) ? failure.target === operation : path.endsWith(failure.target),
    );
    if (!match) return null;
    match.remaining -= 1;
    if (match.remaining === 0) this.failures = this.failures.filter((f) => f !== match);
    return match.kind;
  }

  takeLostPayAnswer(): boolean {
    if (this.lostPayAnswers === 0) return false;
    this.lostPayAnswers -= 1;
    return true;
  }
}
