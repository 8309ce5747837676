import type { Migration } from '../../platform/migrate';

export const attemptsAndEvents: Migration = {
  version: 1,
  name: 'attempts and append-only events',
  // STRICT tables so a wrong type is an error, not a silently coerced value. Card data is
  // limited by CHECKs too, as a second line behind the code: 6 + 4 digits and a length.
  sql: `
      CREATE TABLE attempts (
        attempt_id TEXT NOT NULL PRIMARY KEY,
        merchant_reference_id TEXT NOT NULL,
        session_id TEXT,
        order_id TEXT,
        three_ds_secure_id TEXT,
        amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
        currency TEXT NOT NULL,
        brand TEXT,
        first6 TEXT NOT NULL CHECK (length(first6) = 6 AND first6 NOT GLOB '*[^0-9]*'),
        last4 TEXT NOT NULL CHECK (length(last4) = 4 AND last4 NOT GLOB '*[^0-9]*'),
        card_length INTEGER NOT NULL CHECK (card_length BETWEEN 12 AND 19),
        holder_name TEXT NOT NULL,
        state TEXT NOT NULL,
        status TEXT NOT NULL,
        failure_code TEXT,
        gateway_code TEXT,
        gateway_message TEXT,
        correlation_id TEXT,
        order_json TEXT,
        refunded_minor INTEGER NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE events (
        event_id INTEGER PRIMARY KEY,
        attempt_id TEXT NOT NULL REFERENCES attempts (attempt_id),
        at INTEGER NOT NULL,
        step TEXT NOT NULL,
        outcome TEXT NOT NULL,
        detail TEXT,
        operator TEXT
      ) STRICT;
      CREATE INDEX events_by_attempt ON events (attempt_id, event_id);

      -- The audit trail is append-only in the file itself, whatever code writes to it.
      CREATE TRIGGER events_no_update BEFORE UPDATE ON events
      BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
      CREATE TRIGGER events_no_delete BEFORE DELETE ON events
      BEGIN SELECT RAISE(ABORT, 'journal events are append-only'); END;
      CREATE TRIGGER attempts_no_delete BEFORE DELETE ON attempts
      BEGIN SELECT RAISE(ABORT, 'journal attempts are never deleted'); END;
    `,
};
