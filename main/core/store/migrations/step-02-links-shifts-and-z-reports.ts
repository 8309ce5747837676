import type { StoreMigration } from './store-migration';

/**
 * Store step 2: the tables journal step 14's outbox records land in
 * (link-and-shift-record-kinds.ts writes them), and the store History's faster indexes. Like
 * every store table they carry `counter_id`, for the row-level security of steps 5 and 7.
 */
export const linksShiftsAndZReports: StoreMigration = {
  version: 2,
  name: 'links and their events, shifts, Z reports; history prefix indexes',
  sql: `
    CREATE TABLE store_links (
      link_id text PRIMARY KEY,
      counter_id text NOT NULL REFERENCES counters,
      version bigint NOT NULL,
      change_seq bigint NOT NULL DEFAULT nextval('store_change_seq'),
      merchant_reference_id text NOT NULL,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      description text NOT NULL,
      authorize_only boolean NOT NULL,
      status text NOT NULL,
      gateway_status text,
      expires_at bigint NOT NULL,
      sent_count integer NOT NULL,
      order_id text,
      operator_id text,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL
    );
    CREATE INDEX store_links_by_time ON store_links (created_at DESC, link_id DESC);
    CREATE INDEX store_links_by_counter
      ON store_links (counter_id, created_at DESC, link_id DESC);

    CREATE TABLE store_link_events (
      counter_id text NOT NULL REFERENCES counters,
      event_id bigint NOT NULL,
      link_id text NOT NULL,
      at bigint NOT NULL,
      step text NOT NULL,
      outcome text NOT NULL,
      detail text,
      operator text,
      PRIMARY KEY (counter_id, event_id)
    );
    CREATE INDEX store_link_events_by_link ON store_link_events (link_id, counter_id, event_id);

    -- A counter's shifts by its own shift id; at most one per counter is open (closed_at
    -- null), which the store end of day lists.
    CREATE TABLE store_shifts (
      counter_id text NOT NULL REFERENCES counters,
      shift_id bigint NOT NULL,
      version bigint NOT NULL,
      opened_at bigint NOT NULL,
      opened_after_entry bigint NOT NULL,
      closed_at bigint,
      closed_through_entry bigint,
      PRIMARY KEY (counter_id, shift_id)
    );
    CREATE INDEX store_shifts_open ON store_shifts (counter_id) WHERE closed_at IS NULL;

    -- Each counter's Z reports as it closed them (immutable there, inserted once here); the
    -- store end of day sums the reports closed on a day.
    CREATE TABLE store_z_reports (
      counter_id text NOT NULL REFERENCES counters,
      z_number bigint NOT NULL CHECK (z_number >= 1),
      shift_id bigint NOT NULL,
      closed_at bigint NOT NULL,
      closed_by text,
      through_entry bigint NOT NULL,
      audit_head text,
      report jsonb NOT NULL,
      PRIMARY KEY (counter_id, z_number)
    );
    CREATE INDEX store_z_reports_by_time ON store_z_reports (closed_at, counter_id);

    -- History speed (store-history.ts): a text prefix's matches are found from the index
    -- alone (index-only: the prefix column itself and every other filter's column ride
    -- along), then only the page's rows are read; a counter with an operator walks its own
    -- ordered index instead of filtering one counter's whole history.
    DROP INDEX store_attempts_by_reference;
    DROP INDEX store_attempts_by_order;
    CREATE INDEX store_attempts_by_reference
      ON store_attempts ((lower(merchant_reference_id) COLLATE "C"), created_at DESC, attempt_id DESC)
      INCLUDE (merchant_reference_id, counter_id, operator_id, status, amount_minor);
    CREATE INDEX store_attempts_by_order
      ON store_attempts ((lower(order_id) COLLATE "C"), created_at DESC, attempt_id DESC)
      INCLUDE (order_id, counter_id, operator_id, status, amount_minor);
    CREATE INDEX store_attempts_by_counter_operator
      ON store_attempts (counter_id, operator_id, created_at DESC, attempt_id DESC);
  `,
};
