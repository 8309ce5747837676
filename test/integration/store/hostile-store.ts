import pg from 'pg';
import { hashSecret } from '../../../main/core/operators/secret-hash';
import { storeMigrations } from '../../../main/core/store/migrations';
import { migrateStore } from '../../../main/core/store/migrate-store';
import { runStoreCli } from '../../../main/core/store/store-cli';
import { createCounterRole } from '../../../main/core/store/security/counter-roles';
import type { PgCluster } from '../../support/pg-cluster';

/**
 * A store set up as docs/store.md tells IT to (migrate, then add-counter for each counter
 * with its own role), either new or upgraded from the schema released before counters lost
 * their rights (step 10), with what counters wrote under that schema: an operator each, the
 * way the old operator sync wrote them (a scrypt hash every counter could read).
 */
export interface HostileStore {
  ownerUrl: string;
  /** The store as counter `id`'s own role would connect (the test cluster trusts loopback). */
  asCounter(id: string): string;
  /** Runs `work` on one connection as counter `id`'s role. */
  as<T>(id: string, work: (client: pg.Client) => Promise<T>): Promise<T>;
  owner<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
}

export const lastReleasedBeforeTrust = 10;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function migrateTo(url: string, version: number): Promise<void> {
  await withClient(url, async (client) => {
    await migrateStore(
      client,
      storeMigrations.filter((step) => step.version <= version),
    );
  });
}

/**
 * What `add-counter` did under the schema before the store wrote counters' rows itself
 * (store step 13): the `counters` row and the counter's role.
 */
async function addCounterToOldStore(url: string, id: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`INSERT INTO counters (counter_id, name) VALUES ($1, $2)`, [
      id,
      `Counter ${id}`,
    ]);
    await createCounterRole(client, id, `password-of-${id}`);
  });
}

async function addCounter(url: string, id: string): Promise<void> {
  process.env.PAYDESK_COUNTER_PASSWORD = `password-of-${id}`;
  try {
    await runStoreCli(['add-counter', '--id', id, '--name', `Counter ${id}`, '--url', url], () => {
      // IT reads what the CLI prints; the tests read the database instead.
    });
  } finally {
    delete process.env.PAYDESK_COUNTER_PASSWORD;
  }
}

/** The operators each counter wrote under the old schema: an admin and a cashier. */
export const oldOperators = [
  { id: 'amal', name: 'Amal', role: 'admin', secret: '246810' },
  { id: 'badr', name: 'Badr', role: 'cashier', secret: '135790' },
] as const;

export async function hostileStore(
  cluster: PgCluster,
  name: string,
  shape: 'new' | 'upgraded',
  counters: readonly string[] = ['A', 'B'],
): Promise<HostileStore> {
  const ownerUrl = await cluster.createDatabase(name);
  const asCounter = (id: string) => ownerUrl.replace('postgres@', `paydesk_counter_${id}@`);
  if (shape === 'new') {
    await migrateTo(ownerUrl, Number.MAX_SAFE_INTEGER);
    for (const id of counters) await addCounter(ownerUrl, id);
  } else {
    await migrateTo(ownerUrl, lastReleasedBeforeTrust);
    for (const id of counters) await addCounterToOldStore(ownerUrl, id);
    // Counter A's old sync pushed its operators, as every counter could.
    await withClient(asCounter(counters[0] ?? 'A'), async (client) => {
      for (const operator of oldOperators) {
        await client.query(
          `INSERT INTO store_operators (operator_key, operator_id, display_name, role,
             credential, secret_hash, disabled, failures, locked_until, created_at, updated_at,
             counter_id)
           VALUES ($1, $2, $3, $4, 'pin', $5, false, 0, NULL, 1, 1, $6)`,
          [
            operator.id,
            operator.id,
            operator.name,
            operator.role,
            await hashSecret(operator.secret),
            counters[0],
          ],
        );
      }
    });
    await migrateTo(ownerUrl, Number.MAX_SAFE_INTEGER);
  }
  return {
    ownerUrl,
    asCounter,
    as: (id, work) => withClient(asCounter(id), work),
    owner: (work) => withClient(ownerUrl, work),
  };
}

/**
 * A store at the schema before counters lost their rights, where someone with the owner's
 * rights (the old escalation) left things behind: a trigger, a grant and a policy for counter
 * B, B made a member of the owner's role, row-level security off on the audit table.
 */
export async function tamperedStore(
  cluster: PgCluster,
  name: string,
): Promise<HostileStore & { upgrade(): Promise<void> }> {
  const ownerUrl = await cluster.createDatabase(name);
  await migrateTo(ownerUrl, lastReleasedBeforeTrust);
  for (const id of ['A', 'B']) await addCounterToOldStore(ownerUrl, id);
  await withClient(ownerUrl, async (owner) => {
    await owner.query(`CREATE FUNCTION spy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NEW; END $$`);
    await owner.query(
      'CREATE TRIGGER spy BEFORE UPDATE ON store_attempts FOR EACH ROW EXECUTE FUNCTION spy()',
    );
    await owner.query('GRANT UPDATE, DELETE ON store_audit TO "paydesk_counter_B"');
    await owner.query(
      `CREATE POLICY open_door ON store_audit FOR ALL TO "paydesk_counter_B" USING (true)`,
    );
    await owner.query('ALTER TABLE store_audit DISABLE ROW LEVEL SECURITY');
    await owner.query('GRANT pg_read_server_files TO "paydesk_counter_B"');
  });
  const asCounter = (id: string) => ownerUrl.replace('postgres@', `paydesk_counter_${id}@`);
  return {
    ownerUrl,
    asCounter,
    as: (id, work) => withClient(asCounter(id), work),
    owner: (work) => withClient(ownerUrl, work),
    upgrade: () => migrateTo(ownerUrl, Number.MAX_SAFE_INTEGER),
  };
}
