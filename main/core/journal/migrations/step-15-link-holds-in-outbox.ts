import type { Migration } from '../../platform/migrate';
import {
  backfillSql,
  linkColumns,
  linkSource,
  payloadOf,
  trigger,
  type OutboxSource,
} from './step-14-links-shifts-z-reports-in-outbox';

/**
 * Journal step 15, store mode: a link's hold (step 12: `hold_state`, `settle_after`,
 * `hold_ended_at`) travels to the store with the link, so a held link captured or released
 * at its counter no longer shows as held in the store. The link triggers of step 14 are
 * replaced by ones sending the hold too, and every link is queued again (a counter already
 * in the store sends the holds it has; a link's later version only ever replaces an older
 * one there).
 */
export const linkHoldSource: OutboxSource = {
  ...linkSource,
  payload: payloadOf([...linkColumns, 'hold_state', 'settle_after', 'hold_ended_at']),
};

const sql = `
  DROP TRIGGER links_insert_to_outbox;
  DROP TRIGGER links_update_to_outbox;
  ${trigger(linkHoldSource, 'INSERT')}
  ${trigger(linkHoldSource, 'UPDATE')}
  ${backfillSql(linkHoldSource)}
`;

export const linkHoldsInOutbox: Migration = {
  version: 15,
  name: 'link holds join the store outbox',
  sql,
};
