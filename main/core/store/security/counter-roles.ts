import pg from 'pg';
import { counterIdSchema } from '../store-connection';
import type { StoreQueryable } from '../store-pool';
import { scramSha256Verifier } from './scram-verifier';

/**
 * Each counter's own PostgreSQL role, member of `paydesk_counter`: store step 5
 * (migrations/step-05-counter-roles.ts) gives that group its rights and the row-level
 * security that reads the counter ID from the role's name.
 */

/** The role a counter connects as. */
export const counterRoleName = (counterId: string) =>
  `paydesk_counter_${counterIdSchema.parse(counterId)}`;

/**
 * Creates the counter's login role (or sets its password again), member of
 * `paydesk_counter`, allowed to connect to this store's database. Run by IT's user
 * (`npm run store -- add-counter`), which needs CREATEROLE. CREATE ROLE takes no parameters, so whatever is set travels as a literal in
 * the statement, which the server may log: the password's SCRAM-SHA-256 verifier goes
 * there, never the password.
 */
export async function createCounterRole(
  db: StoreQueryable,
  counterId: string,
  password: string,
): Promise<string> {
  const role = counterRoleName(counterId);
  const name = pg.escapeIdentifier(role);
  const secret = pg.escapeLiteral(scramSha256Verifier(password));
  const exists = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  await db.query(
    exists.rowCount === 0
      ? `CREATE ROLE ${name} LOGIN PASSWORD ${secret} IN ROLE paydesk_counter`
      : `ALTER ROLE ${name} LOGIN PASSWORD ${secret}`,
  );
  // Roles are the server's; only this store's own counters may connect to it (store step 11
  // takes CONNECT from everyone else).
  const database = await db.query<{ name: string }>('SELECT current_database() AS name');
  await db.query(
    `GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(String(database.rows[0]?.name))} TO ${name}`,
  );
  return role;
}
