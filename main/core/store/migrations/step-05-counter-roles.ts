import type { StoreMigration } from './store-migration';

/**
 * Store step 5: each counter connects as a PostgreSQL role of its own, member of
 * `paydesk_counter`, and row-level security lets it write only rows carrying its own counter
 * ID (its attempts, events, ledger entries, claims and its `counters` row) while it reads
 * every counter's. Shared operators are written by any counter, marked with the writer.
 * A counter's role is named `paydesk_counter_<counter ID>`: the policies read the ID from it,
 * so nothing a counter sends can claim another's identity. The schema's owner (IT's user,
 * running the migrations) is not subject to the policies.
 */
const counterTables = [
  'counters',
  'store_attempts',
  'store_events',
  'store_ledger',
  'store_claims',
];

/**
 * Row-level security letting a counter's role write only its own rows of `table` (and read
 * every counter's). Part of the SQL of steps 5 and 7, so as frozen as they are.
 */
export const ownRowsPolicies = (table: string) => `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  CREATE POLICY ${table}_read ON ${table} FOR SELECT TO paydesk_counter USING (true);
  CREATE POLICY ${table}_insert ON ${table} FOR INSERT TO paydesk_counter
    WITH CHECK (counter_id = store_counter_id());
  CREATE POLICY ${table}_update ON ${table} FOR UPDATE TO paydesk_counter
    USING (counter_id = store_counter_id()) WITH CHECK (counter_id = store_counter_id());`;

export const counterRoles: StoreMigration = {
  version: 5,
  name: 'a role per counter, row-level security',
  sql: `
    -- Roles belong to the whole server: another store database on it may have made it.
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'paydesk_counter') THEN
        CREATE ROLE paydesk_counter NOLOGIN;
      END IF;
    END $$;

    CREATE FUNCTION store_counter_id() RETURNS text LANGUAGE sql STABLE AS $$
      SELECT substring(current_user FROM '^paydesk_counter_([A-Za-z0-9_-]{1,32})$')
    $$;

    GRANT SELECT, INSERT, UPDATE ON ${counterTables.join(', ')}, store_operators
      TO paydesk_counter;
    GRANT SELECT ON store_schema TO paydesk_counter;
    GRANT USAGE ON SEQUENCE store_change_seq TO paydesk_counter;
    GRANT EXECUTE ON FUNCTION settle_expired_claims(text, bigint) TO paydesk_counter;
    ${counterTables.map(ownRowsPolicies).join('\n')}

    ALTER TABLE store_operators ENABLE ROW LEVEL SECURITY;
    CREATE POLICY store_operators_read ON store_operators FOR SELECT TO paydesk_counter
      USING (true);
    CREATE POLICY store_operators_insert ON store_operators FOR INSERT TO paydesk_counter
      WITH CHECK (counter_id = store_counter_id());
    CREATE POLICY store_operators_update ON store_operators FOR UPDATE TO paydesk_counter
      USING (true) WITH CHECK (counter_id = store_counter_id());
  `,
};
