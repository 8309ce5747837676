import type { AttemptResult, IpcEventPayload, SaleStep } from '../../../shared/ipc';

export type ProgressEvent = IpcEventPayload<'saleProgress'>;

/** What the progress screen knows about the running attempt. */
export interface ProgressState {
  /** Null until main's first progress event names the attempt. */
  attemptId: string | null;
  /** Steps main reported, in arrival order. */
  seen: readonly SaleStep[];
  /**
   * When the `charging` step arrived, on this window's clock (epoch ms): Pay has left for the
   * bank. Null before that. The "bank is slow" line counts from here.
   */
  chargingSince: number | null;
}

export const initialProgress: ProgressState = { attemptId: null, seen: [], chargingSince: null };

/**
 * Folds one `saleProgress` event, received at `receivedAt` (this window's clock), into the
 * state. Events of another attempt (a late event of the previous sale) are ignored, and so
 * are repeats of a step already shown.
 */
export function applyProgress(
  state: ProgressState,
  event: ProgressEvent,
  receivedAt: number,
): ProgressState {
  if (state.attemptId !== null && state.attemptId !== event.attemptId) return state;
  if (state.seen.includes(event.step)) return { ...state, attemptId: event.attemptId };
  return {
    attemptId: event.attemptId,
    seen: [...state.seen, event.step],
    chargingSince: event.step === 'charging' ? receivedAt : state.chargingSince,
  };
}

/**
 * After this long without Pay's answer the screen says the bank is slow and that the
 * payment must not be repeated (an operator who sees "Charging" for long starts
 * over and charges twice).
 */
export const slowBankAfterMs = 10_000;

/** True once Pay has waited `slowBankAfterMs` for its answer (and the answer is not in). */
export function bankIsSlow(progress: ProgressState, now: number): boolean {
  return progress.chargingSince !== null && now - progress.chargingSince >= slowBankAfterMs;
}

/**
 * `unanswered`: Pay was sent and its answer is not known. Never `done`: "charged" in green
 * while nobody knows is the misreading that makes a cashier take the payment again.
 */
export type StepStatus = 'done' | 'current' | 'pending' | 'skipped' | 'unanswered';

const namedSteps: readonly SaleStep[] = [
  'creating-session',
  'checking-card',
  'customer-verification',
  'charging',
  'done',
];

/**
 * The steps to list with their status while the answer is not known: during the attempt,
 * and on the in-doubt screen. "Checking with the bank" appears only when the Pay answer was
 * lost; a step passed over without being reported (a frictionless card needs no customer
 * verification) is `skipped`, never shown as done. `charging` is never done here: the list
 * gives way to the result screen the moment the answer is known, so until then Pay is
 * `current` (waiting) or `unanswered` (lost, being checked). The `done` event only says the
 * result is on its way and changes nothing in the list.
 */
export function stepStatuses(seen: readonly SaleStep[]): { step: SaleStep; status: StepStatus }[] {
  const steps = seen.includes('checking-with-bank')
    ? [...namedSteps.slice(0, -1), 'checking-with-bank' as const, 'done' as const]
    : namedSteps;
  const reached = seen.filter((step) => step !== 'done');
  const current = reached.at(-1);
  const currentIndex = current === undefined ? -1 : steps.indexOf(current);
  return steps.map((step, index) => {
    if (index > currentIndex) return { step, status: 'pending' };
    if (index === currentIndex) return { step, status: 'current' };
    if (step === 'charging') return { step, status: 'unanswered' };
    return { step, status: seen.includes(step) ? 'done' : 'skipped' };
  });
}

/**
 * The steps an attempt in doubt went through, for its result screen: what was reported, then
 * Pay sent and being checked with the bank (added if main's events did not say so, e.g. a Pay
 * that timed out and whose Get order failed too).
 */
export function inDoubtSteps(seen: readonly SaleStep[]): readonly SaleStep[] {
  const reached = seen.filter(
    (step) => step !== 'done' && step !== 'charging' && step !== 'checking-with-bank',
  );
  return [...reached, 'charging', 'checking-with-bank'];
}

/**
 * The result to show once Pay answers. An in-doubt answer is replaced by the settlement if
 * that already arrived (the settled event can overtake the Pay response across IPC).
 */
export function withSettlement(
  result: AttemptResult,
  settled: ReadonlyMap<string, AttemptResult>,
): AttemptResult {
  if (result.outcome !== 'in-doubt') return result;
  return settled.get(result.attemptId) ?? result;
}

/**
 * Applies an `attemptSettled` event to the result on screen: only to the same attempt and
 * only while it is in doubt, so a settled result is never replaced twice.
 */
export function settleShown(shown: AttemptResult, settled: AttemptResult): AttemptResult {
  if (shown.attemptId !== settled.attemptId || shown.outcome !== 'in-doubt') return shown;
  return settled;
}
