import type { LinkOrder } from '../../../shared/ipc-links';
import { formatMinor } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import type { GatewayOrder } from '../gateway/order-schema';
import type { JournalEvent } from '../journal/journal';
import { JournalError } from '../platform/journal-error';
import type { LinkJournal } from './link-journal';
import { toOrderView } from '../payments/order-view';
import type { HoldStore } from '../payments/holds/hold-store';

/**
 * The link's order after a capture or release: the card as the customer's payment showed it
 * (the gateway's order read here carries no card), the order's new status and transactions.
 */
function orderAfter(recorded: LinkOrder, order: GatewayOrder, currency: Currency): LinkOrder {
  const view = toOrderView(order, currency);
  return {
    ...recorded,
    status: view.status,
    detailedStatus: view.detailedStatus,
    transactions: view.transactions,
  };
}

/**
 * Authorize-only payment links as holds: the journal's
 * links are the records, so the one hold-actions code captures and releases a held link's
 * order with the same exactly-once rules as a card sale's. `stamp` names who acts;
 * `changed` tells the screen the link as the journal then has it.
 */
export function linkHoldStore(
  journal: LinkJournal,
  stamp: (event: Omit<JournalEvent, 'operator'>) => JournalEvent,
  changed: (linkId: string) => void,
): HoldStore {
  return {
    load(linkId) {
      const link = journal.get(linkId);
      if (!link) return null;
      const standing = link.status === 'held' && link.order !== null;
      return {
        recordId: linkId,
        held: {
          orderId: link.order?.orderId ?? '',
          amountMinor: link.amountMinor,
          currency: link.currency,
        },
        phase: standing ? (link.holdPhase ?? 'held') : 'ended',
        settleAfter: link.settleAfter,
      };
    },

    sent(linkId, action, settleAfter) {
      const link = journal.get(linkId);
      // Another process on the same file acted first: nothing may leave without its record.
      const written = journal.holds.sent(
        linkId,
        action,
        settleAfter,
        stamp({
          step: `${action}-sent`,
          outcome: 'sent',
          detail: link ? formatMinor(link.amountMinor, link.currency) : null,
        }),
      );
      if (!written) throw new JournalError('invalid-transition', 'The link is no longer held.');
      changed(linkId);
    },

    settle(linkId, ending, order, failure, step) {
      const link = journal.get(linkId);
      if (!link) return;
      const recorded = link.order;
      journal.holds.settle(
        linkId,
        ending,
        order && recorded ? orderAfter(recorded, order, link.currency) : null,
        stamp({ step, outcome: ending, detail: failure?.code ?? null }),
      );
      changed(linkId);
    },
  };
}
