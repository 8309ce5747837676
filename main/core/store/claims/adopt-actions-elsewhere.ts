import type { Journal } from '../../journal/journal';
import { operatorStamp } from '../../operators/acting-operator';
import { refundedEnding } from '../../payments/settlement';
import type { HoldEndedElsewhere, RefundElsewhere } from './claims-protocol';

const stampOf = (action: { operatorId: string | null; approverId: string | null }) =>
  action.operatorId
    ? operatorStamp({ operatorId: action.operatorId, approverId: action.approverId })
    : null;

/**
 * Takes refunds other counters gave on this counter's payments (claims done in the store,
 * actions-elsewhere.ts) into the live journal: the payment's refunded total rises, so its
 * History, receipt and the store's row show the refund, and the journal's ledger counts it
 * once, in this counter's open shift, under the operator (and approver) who gave it
 * (docs/store.md, "Which counter counts the refund"). Only refunds the gateway has confirmed
 * come here (confirm-actions-elsewhere.ts). Only forward, only on a payment at rest: one with
 * a refund of its own in flight settles that first and is taken next round.
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
    journal.transition(
      refund.attemptId,
      { state: ending.state, status: ending.status, refundedMinor: refund.refundedMinor },
      {
        step: 'refund-elsewhere',
        outcome: ending.status,
        detail: refund.counterId,
        operator: stampOf(refund),
      },
    );
    adopted += 1;
  }
  return adopted;
}

/** A capture makes a held card sale an ordinary paid sale; a release ends it released. */
const holdEndings = {
  captured: { state: 'paid', status: 'paid', step: 'capture-elsewhere' },
  released: { state: 'released', status: 'released', step: 'release-elsewhere' },
} as const;

/**
 * Takes captures and releases other counters made of this counter's holds, as the gateway
 * confirmed them, into the live journal, as adoptRefundsElsewhere does refunds: the journal's
 * ledger then records the capture or release under who made it, once, and the hold leaves
 * the open holds of its reports. Only a hold at rest (`authorized`) changes: one with its own action in flight
 * settles that first (the claims kept both from being sent at once).
 */
export function adoptHoldsEndedElsewhere(journal: Journal, holds: HoldEndedElsewhere[]): number {
  let adopted = 0;
  for (const hold of holds) {
    const record = journal.get(hold.attemptId);
    if (!record || record.state !== 'authorized') continue;
    const ending = holdEndings[hold.ending];
    journal.transition(
      hold.attemptId,
      { state: ending.state, status: ending.status, failure: null },
      { step: ending.step, outcome: hold.ending, detail: hold.counterId, operator: stampOf(hold) },
    );
    adopted += 1;
  }
  return adopted;
}
