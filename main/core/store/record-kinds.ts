import { linkAndShiftKinds } from './link-and-shift-record-kinds';

/**
 * How each kind of outbox record lands in PostgreSQL. `$1` is this counter's id, `$2` a JSON
 * array of payloads, each with its `version` (the outbox id). Each `sql` is the body of the
 * store's function for its kind, which `paydesk_push` calls as the store's owner (store step
 * 13: counters have no write rights on these tables). It is part of that step's SQL, so as
 * frozen as the step once released: a changed kind is new SQL beside this one, for a new
 * store step that replaces the kind's function. A new replicated table adds an entry here,
 * its trigger in its own journal step (main/core/journal/migrations/step-11-store-outbox.ts
 * explains), and its table, its function and a new `paydesk_push` in a new store step.
 *
 * - mutable records (`latestOnly`): only the newest version of a record in a batch is sent,
 *   and the upsert changes a row only for a higher version, so a redelivered or reordered
 *   record never takes it back in state.
 * - append-only records: inserted once by their key; a redelivery is ignored.
 */
export interface RecordKind {
  kind: string;
  latestOnly: boolean;
  sql: string;
}

const attemptColumns = `created_at bigint, updated_at bigint, merchant_reference_id text,
  order_id text, amount_minor bigint, currency text, brand text, first6 text, last4 text,
  card_length integer, holder_name text, state text, status text, refunded_minor bigint,
  failure_code text, gateway_code text, correlation_id text, operator_id text,
  payment_operation text, held_at bigint`;

const attemptNames = `created_at, updated_at, merchant_reference_id, order_id, amount_minor,
  currency, brand, first6, last4, card_length, holder_name, state, status, refunded_minor,
  failure_code, gateway_code, correlation_id, operator_id, payment_operation, held_at`;

const updateAssignments = attemptNames
  .split(',')
  .map((name) => name.trim())
  .map((name) => `${name} = EXCLUDED.${name}`)
  .join(', ');

export const recordKinds: readonly RecordKind[] = [
  {
    kind: 'attempt',
    latestOnly: true,
    // The counter checks keep one counter from overwriting another's attempt id, or from
    // locking its row: ON CONFLICT locks the row it meets even when its WHERE then skips it.
    sql: `INSERT INTO public.store_attempts (attempt_id, counter_id, version, ${attemptNames},
        order_json)
      SELECT r.attempt_id, $1, r.version, ${attemptNames
        .split(',')
        .map((name) => `r.${name.trim()}`)
        .join(', ')}, r.order_json::jsonb
      FROM jsonb_to_recordset($2::jsonb)
        AS r(attempt_id text, version bigint, ${attemptColumns}, order_json text)
      WHERE NOT EXISTS (SELECT 1 FROM public.store_attempts other
        WHERE other.attempt_id = r.attempt_id AND other.counter_id <> $1)
      ON CONFLICT (attempt_id) DO UPDATE SET version = EXCLUDED.version,
        change_seq = nextval('public.store_change_seq'), ${updateAssignments},
        order_json = EXCLUDED.order_json
      WHERE store_attempts.version < EXCLUDED.version
        AND store_attempts.counter_id = EXCLUDED.counter_id`,
  },
  {
    kind: 'event',
    latestOnly: false,
    sql: `INSERT INTO public.store_events (counter_id, event_id, attempt_id, at, step, outcome,
        detail, operator)
      SELECT $1, r.event_id, r.attempt_id, r.at, r.step, r.outcome, r.detail, r.operator
      FROM jsonb_to_recordset($2::jsonb)
        AS r(event_id bigint, attempt_id text, at bigint, step text, outcome text,
             detail text, operator text)
      ON CONFLICT (counter_id, event_id) DO NOTHING`,
  },
  {
    kind: 'ledger',
    latestOnly: false,
    sql: `INSERT INTO public.store_ledger (counter_id, entry_id, at, kind, source, record_id, order_id,
        merchant_reference_id, amount_minor, currency, brand, operator_id, approver_id,
        record_created_at, detail)
      SELECT $1, r.entry_id, r.at, r.kind, r.source, r.record_id, r.order_id,
        r.merchant_reference_id, r.amount_minor, r.currency, r.brand, r.operator_id,
        r.approver_id, r.record_created_at, r.detail
      FROM jsonb_to_recordset($2::jsonb)
        AS r(entry_id bigint, at bigint, kind text, source text, record_id text, order_id text,
             merchant_reference_id text, amount_minor bigint, currency text, brand text,
             operator_id text, approver_id text, record_created_at bigint, detail text)
      ON CONFLICT (counter_id, entry_id) DO NOTHING`,
  },
  ...linkAndShiftKinds,
];
