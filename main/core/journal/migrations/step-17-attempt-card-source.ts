import type { Migration } from '../../platform/migrate';

export const attemptCardSource: Migration = {
  version: 17,
  name: 'attempts: card source and the request to save the card',
  // `save_card_json` is what the customer agreed to (customer, consent, agreement), kept
  // until the sale settles so a token issued after a restart still reaches the customer's
  // record; never the card, never the token.
  sql: `
      ALTER TABLE attempts ADD COLUMN card_source TEXT NOT NULL DEFAULT 'keyed'
        CHECK (card_source IN ('keyed', 'saved', 'merchant-initiated'));
      ALTER TABLE attempts ADD COLUMN save_card_json TEXT;
    `,
};
