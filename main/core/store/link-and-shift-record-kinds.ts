import type { RecordKind } from './record-kinds';

/**
 * Store step 2's record kinds (journal step 14 queues them): links and shifts are mutable
 * (upserted only if newer, never across counters), link events and Z reports are append-only
 * (inserted once by counter and id; a Z report never changes once written).
 */
export const linkAndShiftKinds: readonly RecordKind[] = [
  {
    kind: 'link',
    latestOnly: true,
    // Hold columns (store step 10): null from a counter not yet at journal step 15. Another
    // counter's link id is skipped before ON CONFLICT, which would lock its row.
    sql: `INSERT INTO public.store_links (link_id, counter_id, version, merchant_reference_id,
        amount_minor, currency, description, authorize_only, status, gateway_status, expires_at,
        sent_count, order_id, operator_id, created_at, updated_at, hold_state, settle_after,
        hold_ended_at)
      SELECT r.link_id, $1, r.version, r.merchant_reference_id, r.amount_minor, r.currency,
        r.description, r.authorize_only = 1, r.status, r.gateway_status, r.expires_at,
        r.sent_count, r.order_id, r.operator_id, r.created_at, r.updated_at, r.hold_state,
        r.settle_after, r.hold_ended_at
      FROM jsonb_to_recordset($2::jsonb)
        AS r(link_id text, version bigint, merchant_reference_id text, amount_minor bigint,
             currency text, description text, authorize_only integer, status text,
             gateway_status text, expires_at bigint, sent_count integer, order_id text,
             operator_id text, created_at bigint, updated_at bigint, hold_state text,
             settle_after bigint, hold_ended_at bigint)
      WHERE NOT EXISTS (SELECT 1 FROM public.store_links other
        WHERE other.link_id = r.link_id AND other.counter_id <> $1)
      ON CONFLICT (link_id) DO UPDATE SET version = EXCLUDED.version,
        status = EXCLUDED.status, gateway_status = EXCLUDED.gateway_status,
        sent_count = EXCLUDED.sent_count, order_id = EXCLUDED.order_id,
        expires_at = EXCLUDED.expires_at, updated_at = EXCLUDED.updated_at,
        hold_state = EXCLUDED.hold_state, settle_after = EXCLUDED.settle_after,
        hold_ended_at = EXCLUDED.hold_ended_at
      WHERE store_links.version < EXCLUDED.version
        AND store_links.counter_id = EXCLUDED.counter_id`,
  },
  {
    kind: 'link-event',
    latestOnly: false,
    sql: `INSERT INTO public.store_link_events (counter_id, event_id, link_id, at, step, outcome,
        detail, operator)
      SELECT $1, r.event_id, r.link_id, r.at, r.step, r.outcome, r.detail, r.operator
      FROM jsonb_to_recordset($2::jsonb)
        AS r(event_id bigint, link_id text, at bigint, step text, outcome text, detail text,
             operator text)
      ON CONFLICT (counter_id, event_id) DO NOTHING`,
  },
  {
    kind: 'shift',
    latestOnly: true,
    sql: `INSERT INTO public.store_shifts (counter_id, shift_id, version, opened_at, opened_after_entry,
        closed_at, closed_through_entry)
      SELECT $1, r.shift_id, r.version, r.opened_at, r.opened_after_entry, r.closed_at,
        r.closed_through_entry
      FROM jsonb_to_recordset($2::jsonb)
        AS r(shift_id bigint, version bigint, opened_at bigint, opened_after_entry bigint,
             closed_at bigint, closed_through_entry bigint)
      ON CONFLICT (counter_id, shift_id) DO UPDATE SET version = EXCLUDED.version,
        closed_at = EXCLUDED.closed_at, closed_through_entry = EXCLUDED.closed_through_entry
      WHERE store_shifts.version < EXCLUDED.version`,
  },
  {
    kind: 'z-report',
    latestOnly: false,
    sql: `INSERT INTO public.store_z_reports (counter_id, z_number, shift_id, closed_at, closed_by,
        through_entry, audit_head, report)
      SELECT $1, r.z_number, r.shift_id, r.closed_at, r.closed_by, r.through_entry,
        r.audit_head, r.report_json::jsonb
      FROM jsonb_to_recordset($2::jsonb)
        AS r(z_number bigint, shift_id bigint, closed_at bigint, closed_by text,
             through_entry bigint, audit_head text, report_json text)
      ON CONFLICT (counter_id, z_number) DO NOTHING`,
  },
];
