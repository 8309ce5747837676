import type { Migration } from '../../platform/migrate';

export const paymentLinks: Migration = {
  version: 10,
  name: 'payment links and their events',
  // A link's order is one payment: order_id is UNIQUE, and a link leaves
  // `pending` once (the settling UPDATE names the status it expects). Events are
  // append-only, as the attempts' are.
  sql: `
      CREATE TABLE links (
        link_id TEXT NOT NULL PRIMARY KEY,
        payment_intent_id TEXT NOT NULL UNIQUE,
        url TEXT NOT NULL,
        merchant_reference_id TEXT NOT NULL,
        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
        currency TEXT NOT NULL,
        description TEXT NOT NULL,
        phone_country_code TEXT,
        phone_number TEXT,
        email TEXT,
        authorize_only INTEGER NOT NULL CHECK (authorize_only IN (0, 1)),
        status TEXT NOT NULL
          CHECK (status IN ('pending', 'paid', 'held', 'expired', 'cancelled')),
        gateway_status TEXT,
        expires_at INTEGER NOT NULL,
        sent_count INTEGER NOT NULL DEFAULT 0,
        order_id TEXT UNIQUE,
        order_json TEXT,
        gateway_base_url TEXT NOT NULL,
        merchant_public_key TEXT NOT NULL,
        operator_id TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX links_by_time ON links (created_at DESC, link_id DESC);
      CREATE INDEX links_by_status ON links (status, created_at DESC, link_id DESC);

      CREATE TABLE link_events (
        event_id INTEGER PRIMARY KEY,
        link_id TEXT NOT NULL REFERENCES links (link_id),
        at INTEGER NOT NULL,
        step TEXT NOT NULL,
        outcome TEXT NOT NULL,
        detail TEXT,
        operator TEXT
      ) STRICT;
      CREATE INDEX link_events_by_link ON link_events (link_id, event_id);
      CREATE TRIGGER link_events_no_update BEFORE UPDATE ON link_events
      BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
      CREATE TRIGGER link_events_no_delete BEFORE DELETE ON link_events
      BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
      CREATE TRIGGER links_no_delete BEFORE DELETE ON links
      BEGIN SELECT RAISE(ABORT, 'journal links are never deleted'); END;
    `,
};
