import type { Migration } from '../../platform/migrate';

/**
 * Journal step 11, store mode: the outbox that carries this install's records to the store's
 * PostgreSQL (docs/store.md).
 *
 * Each replicated table has AFTER INSERT (and, if rows change, AFTER UPDATE) triggers that
 * copy the new row, as JSON, into `store_outbox`. A trigger runs inside the statement that
 * wrote the row, so the outbox entry commits in the SAME transaction as the write, whatever
 * code wrote it: no write can reach the journal without its outbox entry, and no outbox
 * entry exists for a write that rolled back.
 *
 * `outbox_id` is the entry's version: it only grows, so for one record a later change always
 * carries a higher version, and the store's upsert ("only if newer") never goes back in state.
 *
 * HOW A LATER TABLE JOINS THE STORE: describe it as an `OutboxSource` (step 14,
 * step-14-links-shifts-z-reports-in-outbox.ts, does so for links, shifts and Z reports), which
 * yields
 *
 *   CREATE TRIGGER <table>_to_outbox AFTER INSERT ON <table>
 *   WHEN EXISTS (SELECT 1 FROM store_replication) BEGIN
 *     INSERT INTO store_outbox (kind, record_id, payload)
 *     VALUES ('<kind>', NEW.<id>, json_object('<column>', NEW.<column>, ...));
 *   END;
 * (plus the same AFTER UPDATE when its rows change) and its backfill, in a new step of its
 * own; add the source to the ones joinStore (main/core/store/outbox.ts) backfills, a `<kind>`
 * entry in main/core/store/record-kinds.ts and its PostgreSQL table as a new step in
 * main/core/store/migrations/. Never card data in a payload: the journal holds none, and the
 * triggers copy named columns.
 *
 * The payloads below are this step's SQL, so they are as frozen as the step: joining a store
 * backfills with them because they are what the triggers still send.
 */

/** The JSON of an attempt row `NEW`: the trigger's payload and the backfill's. */
export const attemptPayload = `json_object(
      'attempt_id', NEW.attempt_id, 'created_at', NEW.created_at, 'updated_at', NEW.updated_at,
      'merchant_reference_id', NEW.merchant_reference_id, 'order_id', NEW.order_id,
      'amount_minor', NEW.amount_minor, 'currency', NEW.currency, 'brand', NEW.brand,
      'first6', NEW.first6, 'last4', NEW.last4, 'card_length', NEW.card_length,
      'holder_name', NEW.holder_name, 'state', NEW.state, 'status', NEW.status,
      'refunded_minor', NEW.refunded_minor, 'failure_code', NEW.failure_code,
      'gateway_code', NEW.gateway_code, 'correlation_id', NEW.correlation_id,
      'operator_id', NEW.operator_id, 'order_json', NEW.order_json,
      'payment_operation', NEW.payment_operation, 'held_at', NEW.held_at)`;

/** The JSON of an events row `NEW`. */
export const eventPayload = `json_object(
      'event_id', NEW.event_id, 'attempt_id', NEW.attempt_id, 'at', NEW.at, 'step', NEW.step,
      'outcome', NEW.outcome, 'detail', NEW.detail, 'operator', NEW.operator)`;

/** The JSON of a ledger row `NEW` (journal step 5's columns). */
export const ledgerPayload = `json_object(
      'entry_id', NEW.entry_id, 'at', NEW.at, 'kind', NEW.kind, 'source', NEW.source,
      'record_id', NEW.record_id, 'order_id', NEW.order_id,
      'merchant_reference_id', NEW.merchant_reference_id, 'amount_minor', NEW.amount_minor,
      'currency', NEW.currency, 'brand', NEW.brand, 'operator_id', NEW.operator_id,
      'approver_id', NEW.approver_id, 'record_created_at', NEW.record_created_at,
      'detail', NEW.detail)`;

const sql = `
  CREATE TABLE store_outbox (
    outbox_id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    record_id TEXT NOT NULL,
    payload TEXT NOT NULL CHECK (json_valid(payload))
  ) STRICT;

  -- One row while this install replicates to a store; without it the triggers write
  -- nothing, so a single-counter install's outbox never grows.
  CREATE TABLE store_replication (
    only_row INTEGER PRIMARY KEY CHECK (only_row = 1),
    counter_id TEXT NOT NULL,
    since INTEGER NOT NULL
  ) STRICT;

  CREATE TRIGGER attempts_insert_to_outbox AFTER INSERT ON attempts
  WHEN EXISTS (SELECT 1 FROM store_replication) BEGIN
    INSERT INTO store_outbox (kind, record_id, payload)
    VALUES ('attempt', NEW.attempt_id, ${attemptPayload});
  END;
  CREATE TRIGGER attempts_update_to_outbox AFTER UPDATE ON attempts
  WHEN EXISTS (SELECT 1 FROM store_replication) BEGIN
    INSERT INTO store_outbox (kind, record_id, payload)
    VALUES ('attempt', NEW.attempt_id, ${attemptPayload});
  END;
  CREATE TRIGGER events_to_outbox AFTER INSERT ON events
  WHEN EXISTS (SELECT 1 FROM store_replication) BEGIN
    INSERT INTO store_outbox (kind, record_id, payload)
    VALUES ('event', CAST(NEW.event_id AS TEXT), ${eventPayload});
  END;
  CREATE TRIGGER ledger_to_outbox AFTER INSERT ON ledger
  WHEN EXISTS (SELECT 1 FROM store_replication) BEGIN
    INSERT INTO store_outbox (kind, record_id, payload)
    VALUES ('ledger', CAST(NEW.entry_id AS TEXT), ${ledgerPayload});
  END;
`;

export const storeOutbox: Migration = {
  version: 11,
  name: 'store outbox filled by triggers',
  sql,
};
