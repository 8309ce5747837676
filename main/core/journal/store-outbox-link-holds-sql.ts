import {
  backfillSql,
  linkColumns,
  linkSource,
  migration14Sources,
  payloadOf,
  trigger,
  type OutboxSource,
} from './store-outbox-more-sql';

/**
 * Journal migration 15 (store mode): a link's hold (journal migration 12: `hold_state`,
 * `settle_after`, `hold_ended_at`) travels to the store with the link, so a held link
 * captured or released at its counter no longer shows as held in the store. The link
 * triggers of migration 14 are replaced by ones sending the hold too, and every link is
 * queued again (a counter already in the store sends the holds it has; a link's later
 * version only ever replaces an older one there).
 */
export const linkHoldSource: OutboxSource = {
  ...linkSource,
  payload: payloadOf([...linkColumns, 'hold_state', 'settle_after', 'hold_ended_at']),
};

export const linkHoldsOutboxSql = `
  DROP TRIGGER links_insert_to_outbox;
  DROP TRIGGER links_update_to_outbox;
  ${trigger(linkHoldSource, 'INSERT')}
  ${trigger(linkHoldSource, 'UPDATE')}
  ${backfillSql(linkHoldSource)}
`;

/** What joining a store queues besides attempts, events and the ledger (outbox.ts). */
export const joinSources: readonly OutboxSource[] = migration14Sources.map((source) =>
  source === linkSource ? linkHoldSource : source,
);
