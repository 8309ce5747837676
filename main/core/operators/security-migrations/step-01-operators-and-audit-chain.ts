import type { Migration } from '../../platform/migrate';

export const operatorsAndAuditChain: Migration = {
  version: 1,
  name: 'operators and the audit chain',
  sql: `
      CREATE TABLE operators (
        operator_id TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
        display_name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('cashier', 'supervisor', 'admin')),
        credential TEXT NOT NULL CHECK (credential IN ('pin', 'password')),
        secret_hash TEXT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0,
        failures INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      -- One row of JSON: switched on, idle minutes, refund thresholds.
      CREATE TABLE operator_config (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        json TEXT NOT NULL
      ) STRICT;

      CREATE TABLE audit (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        event TEXT NOT NULL,
        operator_id TEXT,
        subject TEXT,
        detail TEXT,
        mac TEXT NOT NULL
      ) STRICT;
      CREATE INDEX audit_by_operator ON audit (operator_id, seq);
      CREATE INDEX audit_by_event ON audit (event, seq);

      -- The newest row's number and MAC, itself under the key: truncating the newest rows
      -- leaves a head that names a row that is gone.
      CREATE TABLE audit_head (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        seq INTEGER NOT NULL,
        mac TEXT NOT NULL,
        head_mac TEXT NOT NULL
      ) STRICT;

      -- The key, as the OS cipher's output (safeStorage), never in clear.
      CREATE TABLE audit_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        sealed TEXT NOT NULL,
        protected INTEGER NOT NULL
      ) STRICT;

      CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
      BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
      CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
      BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only'); END;
    `,
};
