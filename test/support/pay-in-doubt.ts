import type { Journal, NewAttempt } from '../../main/core/journal';

/**
 * Journals `attempt` as the engine writes a sale whose Pay went out without an answer: created,
 * each state before Pay (the journal checks every transition), then `pay-sent`, in doubt.
 */
export function journalPayInDoubt(journal: Journal, attempt: NewAttempt): void {
  journal.createAttempt(attempt, { step: 'created', outcome: 'ok' });
  for (const state of ['session', 'initiated', 'payer-authenticated'] as const)
    journal.transition(attempt.attemptId, { state }, { step: state, outcome: 'ok' });
  journal.transition(
    attempt.attemptId,
    { state: 'pay-sent', status: 'in-doubt' },
    { step: 'pay-sent', outcome: 'sent' },
  );
}
