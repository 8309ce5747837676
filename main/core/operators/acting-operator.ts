import { AsyncLocalStorage } from 'node:async_hooks';
import type { Journal } from '../journal/journal';

export interface Acting {
  operatorId: string;
  /** Who approved a refund or void on the spot, when someone had to. */
  approverId: string | null;
}

/**
 * The operator a request runs for, carried through the engine's awaits without passing it
 * down every call: the payment engine stays unaware of operators, and a sale that finishes
 * behind the lock screen still records who started it.
 */
export const actingOperator = new AsyncLocalStorage<Acting>();

/** How the journal's event `operator` column reads: `id` or `id/approver`. */
export const operatorStamp = (acting: Acting) =>
  acting.approverId ? `${acting.operatorId}/${acting.approverId}` : acting.operatorId;

/**
 * The journal with each write stamped by the acting operator: new attempts carry their
 * operator (History's column, a cashier's own history); every event names who caused it,
 * approver included. Writes outside a request (start-up reconciling) stay unstamped.
 */
export function withOperatorStamp(journal: Journal): Journal {
  return {
    ...journal,
    createAttempt(attempt, event) {
      const acting = actingOperator.getStore();
      if (!acting) return journal.createAttempt(attempt, event);
      return journal.createAttempt(
        { ...attempt, operatorId: acting.operatorId },
        { ...event, operator: event.operator ?? operatorStamp(acting) },
      );
    },
    transition(attemptId, patch, event) {
      const acting = actingOperator.getStore();
      const operator = event.operator ?? (acting ? operatorStamp(acting) : null);
      return journal.transition(attemptId, patch, { ...event, operator });
    },
    cardChecks: {
      ...journal.cardChecks,
      open(check) {
        const acting = actingOperator.getStore();
        journal.cardChecks.open(acting ? { ...check, operatorId: acting.operatorId } : check);
      },
    },
  };
}
