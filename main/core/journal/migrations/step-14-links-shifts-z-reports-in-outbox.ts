import type { Migration } from '../../platform/migrate';

/**
 * Journal step 14, store mode: links with their events, shifts and Z reports join the outbox
 * of step 11 (step-11-store-outbox.ts explains the pattern), so the store can show every
 * counter's links and sum their Z reports into a store end of day.
 *
 * Each source names the columns it copies. Links leave out the gateway's URL and key and the
 * customer's phone and e-mail: the store's views need the link's money and state, and a
 * customer's contact details stay on the counter that sent the link.
 *
 * The sources and builders here make this step's SQL, so they are as frozen as the step: a
 * later step that needs another payload or trigger builds its own (as step 15 does for the
 * link), and joining a store (main/core/store/outbox.ts) reuses them because they are what
 * the triggers still send.
 */
export interface OutboxSource {
  kind: string;
  table: string;
  /** SQL for the record's id as text, over the row `NEW`. */
  recordId: string;
  /** The row's JSON, over `NEW`. */
  payload: string;
  /** Order of a backfill (journal order). */
  order: string;
  /** Rows change after insert (an AFTER UPDATE trigger too). */
  mutable: boolean;
}

/** `json_object('column', NEW.column, ...)`: a payload copying the named columns as they are. */
export const payloadOf = (columns: readonly string[]) =>
  `json_object(${columns.map((column) => `'${column}', NEW.${column}`).join(', ')})`;

/** A link's columns as step 14 sends them (step 15 adds its hold's). */
export const linkColumns = [
  'link_id',
  'merchant_reference_id',
  'amount_minor',
  'currency',
  'description',
  'authorize_only',
  'status',
  'gateway_status',
  'expires_at',
  'sent_count',
  'order_id',
  'operator_id',
  'created_at',
  'updated_at',
] as const;

export const linkSource: OutboxSource = {
  kind: 'link',
  table: 'links',
  recordId: 'NEW.link_id',
  payload: payloadOf(linkColumns),
  order: 'NEW.created_at, NEW.link_id',
  mutable: true,
};

export const linkEventSource: OutboxSource = {
  kind: 'link-event',
  table: 'link_events',
  recordId: 'CAST(NEW.event_id AS TEXT)',
  payload: `json_object(
      'event_id', NEW.event_id, 'link_id', NEW.link_id, 'at', NEW.at, 'step', NEW.step,
      'outcome', NEW.outcome, 'detail', NEW.detail, 'operator', NEW.operator)`,
  order: 'NEW.event_id',
  mutable: false,
};

export const shiftSource: OutboxSource = {
  kind: 'shift',
  table: 'shifts',
  recordId: 'CAST(NEW.shift_id AS TEXT)',
  payload: `json_object(
      'shift_id', NEW.shift_id, 'opened_at', NEW.opened_at,
      'opened_after_entry', NEW.opened_after_entry, 'closed_at', NEW.closed_at,
      'closed_through_entry', NEW.closed_through_entry)`,
  order: 'NEW.shift_id',
  mutable: true,
};

export const zReportSource: OutboxSource = {
  kind: 'z-report',
  table: 'z_reports',
  recordId: 'CAST(NEW.z_number AS TEXT)',
  payload: `json_object(
      'z_number', NEW.z_number, 'shift_id', NEW.shift_id, 'closed_at', NEW.closed_at,
      'closed_by', NEW.closed_by, 'through_entry', NEW.through_entry,
      'audit_head', NEW.audit_head, 'report_json', NEW.report_json)`,
  order: 'NEW.z_number',
  mutable: false,
};

/** The sources this step adds, in the order its backfill queues them. */
const linkAndShiftSources: readonly OutboxSource[] = [
  linkSource,
  linkEventSource,
  shiftSource,
  zReportSource,
];

export const trigger = (source: OutboxSource, event: 'INSERT' | 'UPDATE') => `
  CREATE TRIGGER ${source.table}_${event.toLowerCase()}_to_outbox AFTER ${event} ON ${source.table}
  WHEN EXISTS (SELECT 1 FROM store_replication) BEGIN
    INSERT INTO store_outbox (kind, record_id, payload)
    VALUES ('${source.kind}', ${source.recordId}, ${source.payload});
  END;`;

/**
 * Queues every row of `source` already in the journal, when (and only when) the journal
 * replicates: run by the step (a counter that joined before it was upgraded) and by joining
 * a store.
 */
export const backfillSql = (source: OutboxSource) => `
  INSERT INTO store_outbox (kind, record_id, payload)
  SELECT '${source.kind}', ${source.recordId}, ${source.payload} FROM ${source.table} AS NEW
  WHERE EXISTS (SELECT 1 FROM store_replication)
  ORDER BY ${source.order};`;

const sql = linkAndShiftSources
  .map(
    (source) =>
      trigger(source, 'INSERT') +
      (source.mutable ? trigger(source, 'UPDATE') : '') +
      backfillSql(source),
  )
  .join('\n');

export const linksShiftsAndZReportsInOutbox: Migration = {
  version: 14,
  name: 'links, shifts and Z reports join the store outbox',
  sql,
};
