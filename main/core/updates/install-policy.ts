import type { UpdateBusy, UpdatePhase } from '../../../shared/ipc-updates';

/**
 * When an update may restart the counter. Pure: the composition root hands in what the
 * counter is busy with at this moment (busy-snapshot.ts in app/), so these rules hold no
 * state and import nothing of the payments, links or shifts they protect.
 */

export interface UpdateState {
  phase: UpdatePhase;
  /** The merchant holds the counter on its version. */
  held: boolean;
  /** The downloaded release is marked critical. */
  critical: boolean;
}

export type RestartDecision =
  | { kind: 'install' }
  /** Busy: nothing happens now; the list says with what. */
  | { kind: 'wait'; busy: readonly UpdateBusy[] }
  /** No downloaded update, or the counter is held: there is nothing to install. */
  | { kind: 'nothing-to-install' };

/**
 * A restart to install happens only with a downloaded update, on a counter not held on its
 * version, that is not in the middle of moving money, waiting for a bank's answer, showing
 * a customer's verification, sending a link or closing the day. A quit installs too (the
 * updater does that itself unless the counter is held): the operator chose to stop then.
 */
export function restartDecision(state: UpdateState, busy: readonly UpdateBusy[]): RestartDecision {
  if (state.phase !== 'ready' || state.held) return { kind: 'nothing-to-install' };
  if (busy.length > 0) return { kind: 'wait', busy };
  return { kind: 'install' };
}

/**
 * A critical update does not wait for the next quit: the screens ask at the first idle
 * moment (and say why). An ordinary one waits for the quit or a supervisor's choice.
 */
export const asksNow = (state: UpdateState, busy: readonly UpdateBusy[]): boolean =>
  state.critical && restartDecision(state, busy).kind === 'install';

/** Background download and install at quit, unless the merchant holds the version. */
export const automaticUpdates = (held: boolean): boolean => !held;
