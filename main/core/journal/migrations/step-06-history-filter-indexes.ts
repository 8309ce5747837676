import type { Migration } from '../../platform/migrate';

export const historyFilterIndexes: Migration = {
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
};
