import type { LinkOrder } from '../../../shared/ipc-links';
import type { Clock } from '../ports';
import { JournalError } from '../platform/journal-error';
import type { JournalEvent } from '../journal/journal';
import { appendLedgerEntry } from '../journal/ledger';
import type { LinkRecord } from './link-journal';
import type { statementCache } from '../platform/statement-cache';
import { inTransaction } from '../platform/transaction';
import type { DatabaseSync } from 'node:sqlite';

/** How a held link's capture or release ended; `held`: it did not happen, the hold stands. */
export type LinkHoldEnding = 'captured' | 'released' | 'hold-expired' | 'held';

const ledgerKinds = {
  captured: 'capture',
  released: 'release',
  'hold-expired': 'hold-expired',
} as const;

/**
 * A held link's capture and release in the journal (migration 12): `hold_state` says which
 * action is in doubt and, once it ended, how. Each write is one transaction naming the state
 * it expects, so an ending is written once and its ledger row commits with it.
 */
export interface LinkHoldJournal {
  /** Journalled before the capture or release leaves; false if the hold is not standing. */
  sent(
    linkId: string,
    action: 'capture' | 'release',
    settleAfter: number,
    event: JournalEvent,
  ): boolean;
  /**
   * The ending the gateway proved, with the order as it then stood (null: keep the one
   * recorded). False (nothing written) when the hold already ended.
   */
  settle(
    linkId: string,
    ending: LinkHoldEnding,
    order: LinkOrder | null,
    event: JournalEvent,
  ): boolean;
  /** Held links with a capture or release in doubt, oldest first: settled at start-up. */
  inDoubt(): string[];
}

export function createLinkHoldJournal(deps: {
  db: DatabaseSync;
  prepare: ReturnType<typeof statementCache>;
  clock: Clock;
  get: (linkId: string) => LinkRecord | null;
  appendEvent: (linkId: string, event: JournalEvent) => void;
}): LinkHoldJournal {
  const { db, prepare, clock, get, appendEvent } = deps;
  return {
    sent(linkId, action, settleAfter, event) {
      return inTransaction(db, () => {
        const changed = prepare(
          `UPDATE links SET hold_state = ?, settle_after = ?, updated_at = ?
           WHERE link_id = ? AND status = 'held' AND hold_state IS NULL`,
        ).run(`${action}-sent`, settleAfter, clock.now(), linkId).changes;
        if (Number(changed) === 0) return false;
        appendEvent(linkId, event);
        return true;
      });
    },

    settle(linkId, ending, order, event) {
      return inTransaction(db, () => {
        const link = get(linkId);
        if (link === null) throw new JournalError('unknown-attempt', 'No such link.');
        const now = clock.now();
        const standing = `link_id = ? AND status = 'held'
          AND (hold_state IS NULL OR hold_state IN ('capture-sent', 'release-sent'))`;
        const changed =
          ending === 'held'
            ? prepare(
                `UPDATE links SET hold_state = NULL, settle_after = NULL, updated_at = ?
                 WHERE ${standing}`,
              ).run(now, linkId).changes
            : prepare(
                `UPDATE links SET hold_state = ?, settle_after = NULL, hold_ended_at = ?,
                   order_json = COALESCE(?, order_json), updated_at = ?
                 WHERE ${standing}`,
              ).run(ending, now, order === null ? null : JSON.stringify(order), now, linkId)
                .changes;
        if (Number(changed) === 0) return false;
        appendEvent(linkId, event);
        if (ending === 'held') return true;
        // Captured or released by whoever acted (stamped on the event): `id` or `id/approver`.
        const [operatorId = null, approverId = null] = event.operator?.split('/') ?? [];
        appendLedgerEntry(prepare, now, {
          kind: ledgerKinds[ending],
          source: 'link',
          recordId: linkId,
          orderId: link.order?.orderId ?? null,
          merchantReferenceId: link.merchantReferenceId,
          amountMinor: link.amountMinor,
          currency: link.currency,
          brand: link.order?.brand ?? null,
          operatorId: operatorId || null,
          approverId: approverId || null,
          recordCreatedAt: link.createdAt,
          detail: null,
        });
        return true;
      });
    },

    inDoubt: () =>
      prepare(
        `SELECT link_id FROM links WHERE status = 'held'
           AND hold_state IN ('capture-sent', 'release-sent') ORDER BY created_at`,
      )
        .all()
        .map((row) => String(row.link_id)),
  };
}
