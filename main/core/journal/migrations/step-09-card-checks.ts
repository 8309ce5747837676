import type { Migration } from '../../platform/migrate';

export const cardChecks: Migration = {
  version: 9,
  name: 'card checks started while the card is typed',
  // A card check is the gateway order Initiate Authentication opens before Pay is pressed.
  // It is not a payment: it never shows in History; a sale that uses it continues under the
  // same id in attempts. Start-up reconciliation cancels the open ones (a crash left them).
  // Card data is limited as in attempts: first 6 and last 4 digits.
  sql: `
      CREATE TABLE card_checks (
        check_id TEXT NOT NULL PRIMARY KEY,
        merchant_reference_id TEXT NOT NULL,
        amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
        currency TEXT NOT NULL,
        brand TEXT,
        first6 TEXT NOT NULL CHECK (length(first6) = 6 AND first6 NOT GLOB '*[^0-9]*'),
        last4 TEXT NOT NULL CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
        state TEXT NOT NULL,
        session_id TEXT,
        order_id TEXT,
        detail TEXT,
        gateway_base_url TEXT NOT NULL,
        merchant_public_key TEXT NOT NULL,
        operator_id TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX card_checks_open ON card_checks (created_at)
        WHERE state IN ('started', 'initiated', 'cancelling');
      CREATE TRIGGER card_checks_no_delete BEFORE DELETE ON card_checks
      BEGIN SELECT RAISE(ABORT, 'journal card checks are never deleted'); END;
    `,
};
