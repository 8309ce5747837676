import type { Journal } from '../journal/journal';
import type { Logger, SavedCardSink } from '../ports';
import type { AttemptEnding } from './attempt-ending';

/**
 * A sale that asked to save its card settled with money taken (paid, or held) and its order
 * carries a token: the customer's record gets it, on the live path and when the sale settles
 * later (after a lost answer, or at start-up), from the save request the journal kept. The
 * sink makes a second call for the same attempt harmless. Its failure is logged (without the
 * token) and stops nothing: the money's outcome is already written.
 */
export function handTokenOver(
  deps: { journal: Journal; sink: SavedCardSink | undefined; logger: Logger },
  attemptId: string,
  ending: AttemptEnding,
): void {
  if (ending.status !== 'paid' && ending.status !== 'authorized') return;
  const record = deps.journal.get(attemptId);
  const save = record?.saveCard;
  if (!save || !deps.sink) return;
  if (!ending.token) {
    deps.logger.warn('sale saved no card: the order carries no token', { attemptId });
    return;
  }
  try {
    deps.sink.tokenIssued({
      attemptId,
      customerId: save.customerId,
      consentId: save.consentId,
      agreement: save.agreement,
      operator: record.operatorId ?? null,
      token: ending.token,
    });
  } catch (error) {
    deps.logger.error('saved card not recorded', { attemptId, error });
  }
}
