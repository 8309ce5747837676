import type { Migration } from '../../platform/migrate';

export const ledgerTable: Migration = {
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
};
