import type { AttemptStatus, Outcome } from '../ipc';

/**
 * Endings that prove the card was not charged although Pay was sent: the order was
 * cancelled at the gateway with nothing taken (a lost answer's Cancel, or the one at the
 * deadline), or the gateway gave the money back itself. They are stored as `error` (the
 * status History filters on); every screen and receipt words them "Not charged", with why,
 * never as an error with a charged amount of zero.
 */
const notChargedCodes: ReadonlySet<string> = new Set(['pay-not-completed', 'pay-reversed']);

export const isNotCharged = (
  status: AttemptStatus | Outcome,
  failureCode: string | null | undefined,
) => status === 'error' && failureCode != null && notChargedCodes.has(failureCode);
