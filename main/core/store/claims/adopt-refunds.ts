import type { Journal } from '../../journal/journal';
import { operatorStamp } from '../../operators/acting-operator';
import { refundedEnding } from '../../payments/settlement';
import type { RefundElsewhere } from './claims-protocol';

/**
 * Takes refunds other counters gave on this counter's payments (claims done in the store,
 * refunds-elsewhere.ts) into the live journal: the payment's refunded total rises, so its
 * History, receipt and the store's row show the refund, and the journal's ledger counts it
 * once, in this counter's open shift, under the operator (and approver) who gave it
 * (docs/store.md, "Which counter counts the refund"). Only forward, only on a payment at
 * rest: one with a refund of its own in flight settles that first and is taken next round.
 * Returns how many payments changed.
 */
export function adoptRefundsElsewhere(journal: Journal, refunds: RefundElsewhere[]): number {
  let adopted = 0;
  for (const refund of refunds) {
    const record = journal.get(refund.attemptId);
    if (!record || (record.state !== 'paid' && record.state !== 'partially-refunded')) continue;
    if (refund.refundedMinor <= record.refundedMinor) continue;
    if (refund.refundedMinor > record.amountMinor) continue;
    const ending = refundedEnding(record, refund.refundedMinor, null);
    const operator = refund.operatorId
      ? operatorStamp({ operatorId: refund.operatorId, approverId: refund.approverId })
      : null;
    journal.transition(
      refund.attemptId,
      { state: ending.state, status: ending.status, refundedMinor: refund.refundedMinor },
      { step: 'refund-elsewhere', outcome: ending.status, detail: refund.counterId, operator },
    );
    adopted += 1;
  }
  return adopted;
}
