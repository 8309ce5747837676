import type { StoreMigration } from './store-migration';

/**
 * Store step 4: operators shared by every counter. Each counter keeps its own
 * copy in security.sqlite (signing in works offline from the hashes it last synced) and
 * merges with this table (store/operators/operator-sync.ts). `operator_key` is the ID lower-cased: IDs
 * compare case-insensitively, as on the counter. `counter_id`: the counter that wrote last.
 */
export const sharedOperators: StoreMigration = {
  version: 4,
  name: 'shared operators',
  sql: `
    CREATE TABLE store_operators (
      operator_key text PRIMARY KEY,
      operator_id text NOT NULL CHECK (lower(operator_id) = operator_key),
      display_name text NOT NULL,
      role text NOT NULL CHECK (role IN ('cashier', 'supervisor', 'admin')),
      credential text NOT NULL CHECK (credential IN ('pin', 'password')),
      secret_hash text NOT NULL,
      disabled boolean NOT NULL,
      failures integer NOT NULL CHECK (failures >= 0),
      locked_until bigint,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL,
      counter_id text NOT NULL REFERENCES counters
    );
  `,
};
