import type { ClientBase } from 'pg';
import { storeMigrations, type StoreMigration } from './migrations';
import type { StoreQueryable } from './store-pool';

/**
 * Brings the store database's schema forward (docs/store.md): its numbered steps are in
 * migrations/, one file each, and like the journal's a released step is never edited.
 * `migrateStore` applies the pending ones under an advisory lock, in one transaction: safe to
 * re-run, and two counters (or IT's CLI and a counter) migrating at once cannot both apply a
 * step.
 */

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
