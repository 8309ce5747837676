import type { AttemptResult, IpcEventPayload, SaleStep } from '../../../shared/ipc';

export type ProgressEvent = IpcEventPayload<'saleProgress'>;

/** What the progress screen knows about the running attempt. */
export interface ProgressState {
  /** Null until main's first progress event names the attempt. */
  attemptId: string | null;
  /** Steps main reported, in arrival order. */
  seen: readonly SaleStep[];
}

export const initialProgress: ProgressState = { attemptId: null, seen: [] };

/**
 * Folds one `saleProgress` event into the state. Events of another attempt (a late event of
 * the previous sale) are ignored, and so are repeats of a step already shown.
 */
export function applyProgress(state: ProgressState, event: ProgressEvent): ProgressState {
  if (state.attemptId !== null && state.attemptId !== event.attemptId) return state;
  if (state.seen.includes(event.step)) return { ...state, attemptId: event.attemptId };
  return { attemptId: event.attemptId, seen: [...state.seen, event.step] };
}

export type StepStatus = 'done' | 'current' | 'pending' | 'skipped';

const namedSteps: readonly SaleStep[] = [
  'creating-session',
  'checking-card',
  'customer-verification',
  'charging',
  'done',
];

/**
 * The steps to list with their status. "Checking with the bank" appears only when the Pay
 * answer was lost; a step passed over without being reported (a frictionless card needs no
 * customer verification) is `skipped`, never shown as done.
 */
export function stepStatuses(seen: readonly SaleStep[]): { step: SaleStep; status: StepStatus }[] {
  const steps = seen.includes('checking-with-bank')
    ? [...namedSteps.slice(0, -1), 'checking-with-bank' as const, 'done' as const]
    : namedSteps;
  const current = seen.at(-1);
  const currentIndex = current === undefined ? -1 : steps.indexOf(current);
  return steps.map((step, index) => {
    if (index > currentIndex) return { step, status: 'pending' };
    if (index === currentIndex) return { step, status: step === 'done' ? 'done' : 'current' };
    return { step, status: seen.includes(step) ? 'done' : 'skipped' };
  });
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
