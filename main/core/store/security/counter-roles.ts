import pg from 'pg';
import { counterIdSchema } from '../store-connection';
import type { StoreMigration } from '../store-migrations';
import type { StoreQueryable } from '../store-pool';

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

const ownRowsPolicies = (table: string) => `
  ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
  CREATE POLICY ${table}_read ON ${table} FOR SELECT TO paydesk_counter USING (true);
  CREATE POLICY ${table}_insert ON ${table} FOR INSERT TO paydesk_counter
    WITH CHECK (counter_id = store_counter_id());
  CREATE POLICY ${table}_update ON ${table} FOR UPDATE TO paydesk_counter
    USING (counter_id = store_counter_id()) WITH CHECK (counter_id = store_counter_id());`;

export const counterRolesMigration: StoreMigration = {
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

/**
 * Store step 7: the same rights and row-level security on the tables step 2 added for links,
 * shifts and Z reports, which were built beside step 5 and met it at merge.
 */
const linksShiftsTables = ['store_links', 'store_link_events', 'store_shifts', 'store_z_reports'];

export const counterRolesLinksShiftsMigration: StoreMigration = {
  version: 7,
  name: 'row-level security on links, shifts and Z reports',
  sql: `
    GRANT SELECT, INSERT, UPDATE ON ${linksShiftsTables.join(', ')} TO paydesk_counter;
    ${linksShiftsTables.map(ownRowsPolicies).join('\n')}
  `,
};

/** The role a counter connects as. */
export const counterRoleName = (counterId: string) =>
  `paydesk_counter_${counterIdSchema.parse(counterId)}`;

/**
 * Creates the counter's login role (or sets its password again), member of
 * `paydesk_counter`. Run by IT's user (`npm run store -- add-counter`), which needs
 * CREATEROLE. The password travels as a literal (CREATE ROLE takes no parameters), escaped.
 */
export async function createCounterRole(
  db: StoreQueryable,
  counterId: string,
  password: string,
): Promise<string> {
  const role = counterRoleName(counterId);
  const name = pg.escapeIdentifier(role);
  const secret = pg.escapeLiteral(password);
  const exists = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  await db.query(
    exists.rowCount === 0
      ? `CREATE ROLE ${name} LOGIN PASSWORD ${secret} IN ROLE paydesk_counter`
      : `ALTER ROLE ${name} LOGIN PASSWORD ${secret}`,
  );
  return role;
}
