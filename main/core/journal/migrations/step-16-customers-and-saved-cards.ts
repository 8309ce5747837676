import type { Migration } from '../../platform/migrate';

export const customersAndSavedCards: Migration = {
  version: 16,
  name: 'customers, their saved cards and card consents',
  // A saved card is a gateway token with its mask, brand and expiry: the CHECKs hold the mask
  // to first 6 + asterisks + last 4, so no full card number fits even if code upstream erred.
  // Consents are append-only and outlive the customer: they are the record of what was
  // agreed, by whom and in which words; a customer's deletion removes the cards, not them.
  // `saved_card_issues` makes a token's saving idempotent on the attempt that issued it (a
  // sale settled live and again after a restart saves its card once).
  sql: `
      CREATE TABLE customers (
        customer_id TEXT NOT NULL PRIMARY KEY,
        name TEXT NOT NULL,
        phone TEXT CHECK (phone GLOB '+[1-9]*' AND length(phone) <= 16),
        email TEXT,
        notes TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        created_by TEXT,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX customers_by_time ON customers (created_at DESC, customer_id DESC);
      CREATE INDEX customers_by_phone ON customers (phone);

      CREATE TABLE card_consents (
        consent_id TEXT NOT NULL PRIMARY KEY,
        customer_id TEXT NOT NULL,
        customer_name TEXT NOT NULL,
        at INTEGER NOT NULL,
        operator TEXT,
        language TEXT NOT NULL CHECK (language IN ('en', 'ar')),
        text TEXT NOT NULL,
        agreement_id TEXT NOT NULL UNIQUE,
        agreement_type TEXT NOT NULL CHECK (agreement_type IN ('Unscheduled', 'Recurring'))
      ) STRICT;
      CREATE INDEX card_consents_by_customer ON card_consents (customer_id, at);
      CREATE TRIGGER card_consents_no_update BEFORE UPDATE ON card_consents
      BEGIN SELECT RAISE(ABORT, 'card consents are append-only'); END;
      CREATE TRIGGER card_consents_no_delete BEFORE DELETE ON card_consents
      BEGIN SELECT RAISE(ABORT, 'card consents are append-only'); END;

      CREATE TABLE saved_cards (
        card_id TEXT NOT NULL PRIMARY KEY,
        customer_id TEXT NOT NULL REFERENCES customers (customer_id),
        token_id TEXT NOT NULL,
        masked_card TEXT NOT NULL
          CHECK (masked_card GLOB '[0-9][0-9][0-9][0-9][0-9][0-9]*[0-9][0-9][0-9][0-9]'
            AND length(masked_card) BETWEEN 12 AND 19
            AND substr(masked_card, 7, length(masked_card) - 10)
              = substr('*********', 1, length(masked_card) - 10)),
        last4 TEXT NOT NULL CHECK (last4 = substr(masked_card, -4)),
        brand TEXT,
        expiry_month INTEGER NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
        expiry_year INTEGER NOT NULL CHECK (expiry_year BETWEEN 2000 AND 2099),
        agreement_id TEXT,
        agreement_type TEXT CHECK (agreement_type IN ('Unscheduled', 'Recurring')),
        consent_id TEXT NOT NULL REFERENCES card_consents (consent_id),
        attempt_id TEXT NOT NULL,
        flag TEXT CHECK (flag IN ('expired', 'refused')),
        flag_code TEXT,
        flagged_at INTEGER,
        saved_at INTEGER NOT NULL,
        saved_by TEXT,
        UNIQUE (customer_id, token_id)
      ) STRICT;
      CREATE INDEX saved_cards_by_last4 ON saved_cards (last4);

      CREATE TABLE saved_card_issues (
        attempt_id TEXT NOT NULL PRIMARY KEY,
        card_id TEXT NOT NULL,
        at INTEGER NOT NULL
      ) STRICT;
    `,
};
