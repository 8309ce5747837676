import type { StoreMigration } from './store-migration';

/**
 * Store step 1: the counters, and each counter's attempts, their events and its ledger as its
 * journal's outbox sends them (journal step 11). Index order matches the history screen:
 * newest first, attempt id breaking ties. Text prefixes are ranges under the "C" collation so
 * a B-tree serves them whatever the database's own locale.
 */
export const countersAttemptsAndLedger: StoreMigration = {
  version: 1,
  name: 'counters, attempts, their events and the ledger',
  sql: `
      CREATE TABLE counters (
        counter_id text PRIMARY KEY CHECK (counter_id ~ '^[A-Za-z0-9_-]{1,32}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
        registered_at timestamptz NOT NULL DEFAULT now(),
        last_sync_at timestamptz
      );

      -- Bumped on every accepted change: "what is new since" for listeners and the bench.
      CREATE SEQUENCE store_change_seq;

      CREATE TABLE store_attempts (
        attempt_id text PRIMARY KEY,
        counter_id text NOT NULL REFERENCES counters,
        version bigint NOT NULL,
        change_seq bigint NOT NULL DEFAULT nextval('store_change_seq'),
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        merchant_reference_id text NOT NULL,
        order_id text,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency text NOT NULL,
        brand text,
        first6 text NOT NULL CHECK (first6 ~ '^[0-9]{6}$'),
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        card_length integer NOT NULL CHECK (card_length BETWEEN 12 AND 19),
        holder_name text NOT NULL,
        state text NOT NULL,
        status text NOT NULL,
        refunded_minor bigint NOT NULL CHECK (refunded_minor >= 0),
        failure_code text,
        gateway_code text,
        correlation_id text,
        operator_id text,
        order_json jsonb,
        -- Holds (issue 17): History shows a held amount's age on every counter.
        payment_operation text NOT NULL DEFAULT 'Pay',
        held_at bigint
      );
      CREATE INDEX store_attempts_by_time ON store_attempts (created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_counter
        ON store_attempts (counter_id, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_operator
        ON store_attempts (operator_id, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_status
        ON store_attempts (status, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_amount
        ON store_attempts (amount_minor, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_last4
        ON store_attempts (last4, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_reference
        ON store_attempts ((lower(merchant_reference_id) COLLATE "C"), created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_order
        ON store_attempts ((lower(order_id) COLLATE "C"), created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_change ON store_attempts (change_seq);

      CREATE TABLE store_events (
        counter_id text NOT NULL REFERENCES counters,
        event_id bigint NOT NULL,
        attempt_id text NOT NULL,
        at bigint NOT NULL,
        step text NOT NULL,
        outcome text NOT NULL,
        detail text,
        operator text,
        PRIMARY KEY (counter_id, event_id)
      );
      CREATE INDEX store_events_by_attempt ON store_events (attempt_id, counter_id, event_id);

      -- Each counter's ledger (journal migration 5), in its own entry order: the store end of
      -- day sums it per counter, cut where each counter's Z report cut it.
      CREATE TABLE store_ledger (
        counter_id text NOT NULL REFERENCES counters,
        entry_id bigint NOT NULL,
        at bigint NOT NULL,
        kind text NOT NULL,
        source text NOT NULL,
        record_id text NOT NULL,
        order_id text,
        merchant_reference_id text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency text NOT NULL,
        brand text,
        operator_id text,
        approver_id text,
        record_created_at bigint NOT NULL,
        detail text,
        PRIMARY KEY (counter_id, entry_id)
      );
      CREATE INDEX store_ledger_by_record ON store_ledger (record_id, counter_id, entry_id);
    `,
};
