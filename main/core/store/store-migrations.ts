import type { ClientBase } from 'pg';
import { claimsMigration } from './claims/claims-migration';
import { claimOperatorsMigration } from './claims/claim-operators-migration';
import { operatorsMigration } from './operators/operators-migration';
import { auditMigration } from './audit/audit-migration';
import { auditSignaturesMigration } from './audit/audit-signatures-migration';
import { counterRolesLinksShiftsMigration, counterRolesMigration } from './security/counter-roles';
import type { StoreQueryable } from './store-pool';
import { linksShiftsMigration } from './store-migration-links-shifts';
import { linkHoldsMigration } from './store-migration-link-holds';

/**
 * The store database's schema, as numbered steps (docs/store.md). Like the journal's, a
 * released step is never edited. `migrateStore` applies the pending ones under an advisory
 * lock, in one transaction: safe to re-run, and two counters (or IT's CLI and a counter)
 * migrating at once cannot both apply a step.
 *
 * Every table carries `counter_id`: step 5 gives each counter its own role and
 * row-level security on that column; steps 3 and 4 add claims and shared operators.
 */
export interface StoreMigration {
  version: number;
  name: string;
  sql: string;
}

// Index order matches the history screen: newest first, attempt id breaking ties. Text
// prefixes are ranges under the "C" collation so a B-tree serves them whatever the
// database's own locale.
export const storeMigrations: readonly StoreMigration[] = [
  {
    version: 1,
    name: 'counters, attempts, their events and the ledger',
    sql: `
      CREATE TABLE counters (
        counter_id text PRIMARY KEY CHECK (counter_id ~ '^[A-Za-z0-9_-]{1,32}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
        registered_at timestamptz NOT NULL DEFAULT now(),
        last_sync_at timestamptz
      );

      -- Bumped on every accepted change: "what is new since" for listeners and the bench.
      CREATE SEQUENCE store_change_seq;

      CREATE TABLE store_attempts (
        attempt_id text PRIMARY KEY,
        counter_id text NOT NULL REFERENCES counters,
        version bigint NOT NULL,
        change_seq bigint NOT NULL DEFAULT nextval('store_change_seq'),
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        merchant_reference_id text NOT NULL,
        order_id text,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency text NOT NULL,
        brand text,
        first6 text NOT NULL CHECK (first6 ~ '^[0-9]{6}$'),
        last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
        card_length integer NOT NULL CHECK (card_length BETWEEN 12 AND 19),
        holder_name text NOT NULL,
        state text NOT NULL,
        status text NOT NULL,
        refunded_minor bigint NOT NULL CHECK (refunded_minor >= 0),
        failure_code text,
        gateway_code text,
        correlation_id text,
        operator_id text,
        order_json jsonb,
        -- Holds: History shows a held amount's age on every counter.
        payment_operation text NOT NULL DEFAULT 'Pay',
        held_at bigint
      );
      CREATE INDEX store_attempts_by_time ON store_attempts (created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_counter
        ON store_attempts (counter_id, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_operator
        ON store_attempts (operator_id, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_status
        ON store_attempts (status, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_amount
        ON store_attempts (amount_minor, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_last4
        ON store_attempts (last4, created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_reference
        ON store_attempts ((lower(merchant_reference_id) COLLATE "C"), created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_order
        ON store_attempts ((lower(order_id) COLLATE "C"), created_at DESC, attempt_id DESC);
      CREATE INDEX store_attempts_by_change ON store_attempts (change_seq);

      CREATE TABLE store_events (
        counter_id text NOT NULL REFERENCES counters,
        event_id bigint NOT NULL,
        attempt_id text NOT NULL,
        at bigint NOT NULL,
        step text NOT NULL,
        outcome text NOT NULL,
        detail text,
        operator text,
        PRIMARY KEY (counter_id, event_id)
      );
      CREATE INDEX store_events_by_attempt ON store_events (attempt_id, counter_id, event_id);

      -- Each counter's ledger (journal migration 5), in its own entry order: the store end of
      -- day sums it per counter, cut where each counter's Z report cut it.
      CREATE TABLE store_ledger (
        counter_id text NOT NULL REFERENCES counters,
        entry_id bigint NOT NULL,
        at bigint NOT NULL,
        kind text NOT NULL,
        source text NOT NULL,
        record_id text NOT NULL,
        order_id text,
        merchant_reference_id text NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency text NOT NULL,
        brand text,
        operator_id text,
        approver_id text,
        record_created_at bigint NOT NULL,
        detail text,
        PRIMARY KEY (counter_id, entry_id)
      );
      CREATE INDEX store_ledger_by_record ON store_ledger (record_id, counter_id, entry_id);
    `,
  },
  linksShiftsMigration,
  claimsMigration,
  operatorsMigration,
  counterRolesMigration,
  auditMigration,
  counterRolesLinksShiftsMigration,
  auditSignaturesMigration,
  claimOperatorsMigration,
  linkHoldsMigration,
];

/** The newest schema this build knows. */
export const latestStoreVersion = Math.max(...storeMigrations.map((step) => step.version));

export class StoreSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreSchemaError';
  }
}

const ledgerTable = `CREATE TABLE IF NOT EXISTS store_schema (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** An arbitrary constant every Paydesk uses for "migrating the store now". */
const migrationLockKey = 0x5041_5944;

/** Versions applied to the store, lowest first; [] for an empty database. */
export async function storeVersions(db: StoreQueryable): Promise<number[]> {
  const exists = await db.query<{ present: boolean }>(
    "SELECT to_regclass('store_schema') IS NOT NULL AS present",
  );
  if (exists.rows[0]?.present !== true) return [];
  const result = await db.query<{ version: number }>(
    'SELECT version FROM store_schema ORDER BY version',
  );
  return result.rows.map((row) => Number(row.version));
}

/**
 * Brings the store up to `steps`' last version; returns the versions it applied. A store
 * that records a version this build does not know was migrated by a newer Paydesk: refused.
 */
export async function migrateStore(
  client: ClientBase,
  steps: readonly StoreMigration[] = storeMigrations,
): Promise<number[]> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    await client.query(ledgerTable);
    const applied = await storeVersions(client);
    const known = new Set(steps.map((step) => step.version));
    const unknown = applied.filter((version) => !known.has(version));
    if (unknown.length > 0) {
      throw new StoreSchemaError(
        `The store database was migrated by a newer Paydesk (schema ${Math.max(...unknown)}).`,
      );
    }
    const pending = steps.filter((step) => !applied.includes(step.version));
    for (const step of pending) {
      await client.query(step.sql);
      await client.query('INSERT INTO store_schema (version, name) VALUES ($1, $2)', [
        step.version,
        step.name,
      ]);
    }
    await client.query('COMMIT');
    return pending.map((step) => step.version);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
