import type { AttemptStatus } from '../../../../shared/ipc';
import type { AttemptState } from '../../journal/attempt-state';
import type { Journal } from '../../journal/journal';
import { formatMinor } from '../../../../shared/money/amount';
import { toOrderView } from '../order-view';
import type { HoldEnding } from './hold-reading';
import type { HoldPhase, HoldStore } from './hold-store';

const phases: Partial<Record<AttemptState, HoldPhase>> = {
  authorized: 'held',
  'capture-sent': 'capture-sent',
  'release-sent': 'release-sent',
};

/** What each ending makes of a card sale: a capture makes it an ordinary paid sale. */
const endings: Record<HoldEnding, { status: AttemptStatus; state: AttemptState }> = {
  captured: { status: 'paid', state: 'paid' },
  released: { status: 'released', state: 'released' },
  'hold-expired': { status: 'hold-expired', state: 'hold-expired' },
  held: { status: 'authorized', state: 'authorized' },
};

/** Card sales made Authorize only, as holds: the journal's attempts are the records. */
export function attemptHoldStore(journal: Journal): HoldStore {
  return {
    load(attemptId) {
      const record = journal.get(attemptId);
      if (!record) return null;
      // A one-step sale never held anything: it reads as a hold already ended.
      const hold = record.paymentOperation === 'PreAuthorize' && record.orderId !== null;
      return {
        recordId: attemptId,
        held: {
          orderId: record.orderId ?? '',
          amountMinor: record.amountMinor,
          currency: record.currency,
        },
        phase: (hold && phases[record.state]) || 'ended',
        settleAfter: record.settleAfter,
      };
    },

    sent(attemptId, action, settleAfter) {
      const record = journal.get(attemptId);
      journal.transition(
        attemptId,
        { state: `${action}-sent`, status: 'in-doubt', settleAfter },
        {
          step: `${action}-sent`,
          outcome: 'sent',
          detail: record ? formatMinor(record.amountMinor, record.currency) : null,
        },
      );
    },

    settle(attemptId, ending, order, failure, step) {
      const record = journal.get(attemptId);
      if (!record) return;
      journal.transition(
        attemptId,
        {
          ...endings[ending],
          failure,
          ...(order ? { order: toOrderView(order, record.currency) } : {}),
        },
        { step, outcome: ending, detail: failure?.code ?? null },
      );
    },
  };
}
