import type { StoreMigration } from './store-migration';

/**
 * Store step 10: a link's hold as its counter's journal holds it (journal steps 12 and 15):
 * `hold_state` (capture-sent, release-sent, captured, released, hold-expired; null while held
 * or for a link that never held money), `settle_after` (until when a capture or release is in
 * doubt) and `hold_ended_at`. `status` stays 'held' for a held link whatever became of its
 * hold, as on the counter: read the two together.
 */
export const linkHolds: StoreMigration = {
  version: 10,
  name: 'link holds',
  sql: `
    ALTER TABLE store_links ADD COLUMN hold_state text;
    ALTER TABLE store_links ADD COLUMN settle_after bigint;
    ALTER TABLE store_links ADD COLUMN hold_ended_at bigint;
  `,
};
