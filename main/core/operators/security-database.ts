import type { DatabaseSync } from 'node:sqlite';
import { migrate, type Migration } from '../platform/migrate';
import { openDatabase } from '../platform/open-database';

/**
 * `security.sqlite`: operators, their settings and the audit trail, one file per install
 * (shared by Training and live, unlike the journals). Store mode puts the
 * same data in PostgreSQL behind the same ports (OperatorStore, AuditStore).
 */
const securityMigrations: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    name: 'operators as last synced with the store',
    // Store mode: each operator's failed-try count and change time as this counter
    // last agreed them with the store, so tries counted offline merge as a difference.
    sql: `
      CREATE TABLE operator_sync (
        operator_id TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
        failures INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    version: 3,
    name: 'signed audit rows and the pinned keys of other counters',
    // Audit across counters (docs/store.md): each new row's public chain value
    // and Ed25519 signature; the counter's key pair (private half sealed, like audit_key);
    // and the first public key this counter saw for each counter of the store, so a key
    // replaced in the store is reported, not trusted. seen_seq/seen_link: the furthest
    // head of that chain this counter verified, so rows cut off its end are noticed too.
    sql: `
      ALTER TABLE audit ADD COLUMN link TEXT;
      ALTER TABLE audit ADD COLUMN sig TEXT;

      CREATE TABLE audit_signing_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        sealed TEXT NOT NULL,
        protected INTEGER NOT NULL,
        public_key TEXT NOT NULL,
        first_seq INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE audit_pinned_keys (
        counter_id TEXT NOT NULL PRIMARY KEY,
        public_key TEXT NOT NULL,
        first_seq INTEGER NOT NULL,
        pinned_at INTEGER NOT NULL,
        seen_seq INTEGER NOT NULL DEFAULT 0,
        seen_link TEXT
      ) STRICT;
    `,
  },
];

export function openSecurityDatabase(path: string, now: number): DatabaseSync {
  const db = openDatabase(path);
  try {
    migrate(db, securityMigrations, now);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
