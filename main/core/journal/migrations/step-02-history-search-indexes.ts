import type { Migration } from '../../platform/migrate';

export const historySearchIndexes: Migration = {
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
};
