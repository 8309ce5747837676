/**
 * The journal's schema, as numbered steps. A step is never edited once released: a new
 * need is a new step, so a file written by any earlier Paydesk can be brought forward.
 */
import type { Migration } from '../platform/migrate';
import { ledgerGroupKey } from './ledger-group-key';
import { storeOutboxSql } from './store-outbox-sql';
import { storeOutboxMoreSql } from './store-outbox-more-sql';
import { linkHoldsOutboxSql } from './store-outbox-link-holds-sql';

export const migrations: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    name: 'history search indexes',
    // Every history filter has an index that ends in the screen's order (newest first,
    // attempt id as tie-break): equality filters read a page in order, and prefix ranges
    // find their newest matches from the index alone, without touching the table. Text
    // searches are ranges over lower() expressions: ASCII case folding, as SQLite's lower().
    sql: `
      CREATE INDEX attempts_by_time ON attempts (created_at DESC, attempt_id DESC);
      CREATE INDEX attempts_by_status ON attempts (status, created_at DESC, attempt_id DESC);
      CREATE INDEX attempts_by_amount
        ON attempts (amount_minor, created_at DESC, attempt_id DESC);
      CREATE INDEX attempts_by_last4 ON attempts (last4, created_at DESC, attempt_id DESC);
      CREATE INDEX attempts_by_reference
        ON attempts (lower(merchant_reference_id), created_at DESC, attempt_id DESC);
      CREATE INDEX attempts_by_order
        ON attempts (lower(order_id), created_at DESC, attempt_id DESC);
      -- Start-up reconciliation reads this tiny partial index, not the whole table.
      CREATE INDEX attempts_in_doubt ON attempts (created_at)
        WHERE state = 'pay-sent' OR status = 'in-doubt';
    `,
  },
  {
    version: 3,
    name: 'gateway, merchant key and settlement deadline per attempt',
    // Settlement reads the gateway the attempt used, not today's settings; the deadline is
    // wall-clock so it survives a restart (DESIGN.md §3, "In doubt"). Old rows keep nulls.
    sql: `
      ALTER TABLE attempts ADD COLUMN gateway_base_url TEXT;
      ALTER TABLE attempts ADD COLUMN merchant_public_key TEXT;
      ALTER TABLE attempts ADD COLUMN session_created_at INTEGER;
      ALTER TABLE attempts ADD COLUMN session_expires_at INTEGER;
      ALTER TABLE attempts ADD COLUMN settle_after INTEGER;
    `,
  },
  {
    version: 4,
    name: 'operator of each attempt',
    // Who took the sale (issue 15): History's Operator column and a cashier's own history,
    // read in the screen's order through their own index.
    sql: `
      ALTER TABLE attempts ADD COLUMN operator_id TEXT;
      CREATE INDEX attempts_by_operator
        ON attempts (operator_id, created_at DESC, attempt_id DESC);
    `,
  },
  {
    version: 5,
    name: 'ledger of money outcomes',
    // One row per final outcome, in journal order (see ledger.ts): shifts cut it by
    // entry_id, store mode replicates it. Append-only in the file itself, like events.
    sql: `
      CREATE TABLE ledger (
        entry_id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        kind TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('card', 'link')),
        record_id TEXT NOT NULL,
        order_id TEXT,
        merchant_reference_id TEXT NOT NULL,
        amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
        currency TEXT NOT NULL,
        brand TEXT,
        operator_id TEXT,
        approver_id TEXT,
        record_created_at INTEGER NOT NULL,
        detail TEXT
      ) STRICT;
      CREATE INDEX ledger_by_record ON ledger (record_id, entry_id);
      CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
      BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
      CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
      BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
    `,
  },
  {
    version: 6,
    name: 'history indexes for every filter combination',
    // Text prefixes are ranges, which no index hands back newest first. A prefix with few
    // matches is read whole from its prefix index, which now carries every other filter's
    // column so that read touches no table row; a prefix with many is walked one UTC day at
    // a time (created_at / 86400000, the same expression as history-sql.ts) through a
    // day-first index. Status with amount gets its own ordered index, and so does an
    // operator with status (a cashier's own history by status); last 4 and amount carry the
    // other filters' columns for the same reason as the prefixes.
    sql: `
      DROP INDEX attempts_by_reference;
      DROP INDEX attempts_by_order;
      DROP INDEX attempts_by_last4;
      DROP INDEX attempts_by_amount;
      CREATE INDEX attempts_by_reference ON attempts (lower(merchant_reference_id), status,
        amount_minor, operator_id, created_at, attempt_id);
      CREATE INDEX attempts_by_order ON attempts (lower(order_id), status, amount_minor,
        operator_id, created_at, attempt_id);
      CREATE INDEX attempts_by_day_reference ON attempts (created_at / 86400000,
        lower(merchant_reference_id), status, amount_minor, operator_id, created_at, attempt_id);
      CREATE INDEX attempts_by_day_order ON attempts (created_at / 86400000,
        lower(order_id), status, amount_minor, operator_id, created_at, attempt_id);
      CREATE INDEX attempts_by_last4
        ON attempts (last4, created_at DESC, attempt_id DESC, status, amount_minor, operator_id);
      CREATE INDEX attempts_by_amount
        ON attempts (amount_minor, created_at DESC, attempt_id DESC, operator_id);
      CREATE INDEX attempts_by_status_amount
        ON attempts (status, amount_minor, created_at DESC, attempt_id DESC, operator_id);
      CREATE INDEX attempts_by_operator_status
        ON attempts (operator_id, status, created_at DESC, attempt_id DESC);
    `,
  },
  // ── issue 17: holds ──
  {
    version: 7,
    name: 'holds: payment operation and time of the hold',
    // Authorize only (issue 17): the operation the sale's session was made for, and when the
    // gateway showed the money held (History's age and expiry warning count from it).
    // Old rows were one-step Pay.
    sql: `
      ALTER TABLE attempts ADD COLUMN payment_operation TEXT NOT NULL DEFAULT 'Pay'
        CHECK (payment_operation IN ('Pay', 'PreAuthorize'));
      ALTER TABLE attempts ADD COLUMN held_at INTEGER;
    `,
  },
  // Issue 18: shifts and Z reports (own block, so merges stay mechanical).
  {
    version: 8,
    name: 'shifts and Z reports',
    // A shift owns the ledger entries after `opened_after_entry` up to the Z's cut: cut by
    // entry_id, never by clock, so an outcome written after a Z counts in the next shift.
    // One open shift per counter (the partial unique index). A Z report's number is taken
    // in the transaction that closes the shift, so numbers have no gaps across crashes; the
    // triggers make written Z reports and closed shifts immutable in the file itself.
    sql: `
      CREATE TABLE shifts (
        shift_id INTEGER PRIMARY KEY,
        opened_at INTEGER NOT NULL,
        opened_after_entry INTEGER NOT NULL CHECK (opened_after_entry >= 0),
        closed_at INTEGER,
        closed_through_entry INTEGER,
        CHECK ((closed_at IS NULL) = (closed_through_entry IS NULL)),
        CHECK (closed_through_entry IS NULL OR closed_through_entry >= opened_after_entry)
      ) STRICT;
      CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
      CREATE TRIGGER shifts_no_delete BEFORE DELETE ON shifts
      BEGIN SELECT RAISE(ABORT, 'shifts are never deleted'); END;
      CREATE TRIGGER shifts_closed_stay_closed BEFORE UPDATE ON shifts
        WHEN OLD.closed_at IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'a closed shift is immutable'); END;

      CREATE TABLE z_reports (
        z_number INTEGER PRIMARY KEY CHECK (z_number >= 1),
        shift_id INTEGER NOT NULL UNIQUE REFERENCES shifts (shift_id),
        closed_at INTEGER NOT NULL,
        closed_by TEXT,
        through_entry INTEGER NOT NULL,
        audit_head TEXT,
        report_json TEXT NOT NULL
      ) STRICT;
      CREATE TRIGGER z_reports_gapless BEFORE INSERT ON z_reports
        WHEN NEW.z_number <> (SELECT coalesce(max(z_number), 0) + 1 FROM z_reports)
      BEGIN SELECT RAISE(ABORT, 'Z report numbers have no gaps'); END;
      CREATE TRIGGER z_reports_no_update BEFORE UPDATE ON z_reports
      BEGIN SELECT RAISE(ABORT, 'a Z report is immutable'); END;
      CREATE TRIGGER z_reports_no_delete BEFORE DELETE ON z_reports
      BEGIN SELECT RAISE(ABORT, 'a Z report is immutable'); END;

      -- A supervisor's acknowledgement that an attempt in doubt may stay open through a Z.
      CREATE TABLE shift_acknowledgements (
        shift_id INTEGER NOT NULL REFERENCES shifts (shift_id),
        attempt_id TEXT NOT NULL,
        acknowledged_by TEXT,
        at INTEGER NOT NULL,
        PRIMARY KEY (shift_id, attempt_id)
      ) STRICT;
      CREATE TRIGGER shift_acknowledgements_no_change BEFORE UPDATE ON shift_acknowledgements
      BEGIN SELECT RAISE(ABORT, 'acknowledgements are append-only'); END;
      CREATE TRIGGER shift_acknowledgements_no_delete BEFORE DELETE ON shift_acknowledgements
      BEGIN SELECT RAISE(ABORT, 'acknowledgements are append-only'); END;

      -- The report's lists (open holds, adopted orders) and reconciliation's link matches.
      CREATE INDEX ledger_by_kind ON ledger (kind, entry_id);
      CREATE INDEX ledger_by_order ON ledger (lower(order_id)) WHERE order_id IS NOT NULL;
    `,
  },
  // Issue 14 part 1: the speculative card check (its own block, for mechanical merges).
  {
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
  },
  {
    version: 10,
    name: 'payment links and their events',
    // Issue 16. A link's order is one payment: order_id is UNIQUE, and a link leaves
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
  },
  // Issue 19 (store mode): the outbox. Keep this block whole; later migrations add their own
  // replication triggers after it.
  {
    version: 11,
    name: 'store outbox filled by triggers',
    sql: storeOutboxSql,
  },
  // Issue 16 gap: a held link's capture and release, through the holds code of issue 17.
  {
    version: 12,
    name: 'payment link holds: capture, release and lapse',
    // `status` stays 'held' (its CHECK cannot change without rebuilding the table); how the
    // hold went on is `hold_state`: a capture or release in doubt until `settle_after`, or
    // its ending (captured, released, lapsed) at `hold_ended_at`.
    sql: `
      ALTER TABLE links ADD COLUMN hold_state TEXT CHECK (hold_state IN
        ('capture-sent', 'release-sent', 'captured', 'released', 'hold-expired'));
      ALTER TABLE links ADD COLUMN settle_after INTEGER;
      ALTER TABLE links ADD COLUMN hold_ended_at INTEGER;
    `,
  },
  // Issue 18 (reports on the reader thread, speed): its own block, for mechanical merges.
  {
    version: 13,
    name: 'shift report indexes',
    // The report's one pass: each distinct group key (currency, kind, source, brand,
    // operator) is found by a seek and summed over the shift's entry range from this index
    // alone, so no sort of the shift's rows and no read of another shift's (report-queries.ts).
    // Holds still open are read from the attempts that hold money now, whatever shift their
    // ledger row is in.
    sql: `
      CREATE INDEX ledger_by_group ON ledger (${ledgerGroupKey}, entry_id, amount_minor);
      CREATE INDEX attempts_holding ON attempts (held_at)
        WHERE state IN ('authorized', 'capture-sent', 'release-sent');
    `,
  },
  // Issue 19 (store mode): links, link events, shifts and Z reports replicate too.
  {
    version: 14,
    name: 'links, shifts and Z reports join the store outbox',
    sql: storeOutboxMoreSql,
  },
  // Issue 20 (store mode part 2): a link's hold travels with it.
  {
    version: 15,
    name: 'link holds join the store outbox',
    sql: linkHoldsOutboxSql,
  },
];
