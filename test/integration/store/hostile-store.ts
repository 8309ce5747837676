import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { hashSecret } from '../../../main/core/operators/secret-hash';
import { storeMigrations } from '../../../main/core/store/migrations';
import { migrateStore } from '../../../main/core/store/migrate-store';
import { runStoreCli } from '../../../main/core/store/store-cli';
import { createCounterRole } from '../../../main/core/store/security/counter-roles';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';

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

/** A's sale as its outbox sends it (record-kinds.ts), at `version`. */
export const saleOfA = (version: number, refundedMinor = 0) => [
  {
    attempt_id: 'sale-a',
    version,
    created_at: 1,
    updated_at: version,
    merchant_reference_id: 'ref-a',
    order_id: 'order-a',
    amount_minor: 4200,
    currency: 'SAR',
    first6: '400000',
    last4: '0002',
    card_length: 16,
    holder_name: 'N A',
    state: 'paid',
    status: refundedMinor > 0 ? 'refunded' : 'paid',
    refunded_minor: refundedMinor,
    payment_operation: 'Pay',
  },
];

/** A's payment link, likewise. */
export const linkOfA = (version: number, status = 'sent') => [
  {
    link_id: 'link-a',
    version,
    merchant_reference_id: 'link-ref-a',
    amount_minor: 900,
    currency: 'SAR',
    description: 'Deposit',
    authorize_only: 0,
    status,
    expires_at: 9_999_999_999_999,
    sent_count: 1,
    created_at: 1,
    updated_at: version,
  },
];

/** A's open shift, likewise. */
export const shiftOfA = (version: number, closedAt: number | null = null) => [
  { shift_id: 7, version, opened_at: 1, opened_after_entry: 0, closed_at: closedAt },
];

/** Sends rows of one kind through the store's function, as push-batch.ts does. */
export const push = (client: pg.Client, counterId: string | null, kind: string, rows: unknown) =>
  client.query('SELECT paydesk_push($1, $2, $3)', [counterId, kind, JSON.stringify(rows)]);

/** A's data the attacks aim at: a sale, a link, a shift, an audit row and key, a claim. */
export async function seedCounterA(store: HostileStore) {
  await store.as('A', async (a) => {
    // A replicates as the app does: through the store's function, as itself.
    await push(a, 'A', 'attempt', saleOfA(1));
    await push(a, 'A', 'link', linkOfA(1));
    await push(a, 'A', 'shift', shiftOfA(1));
    await a.query(
      `INSERT INTO store_audit (counter_id, seq, at, event, mac) VALUES ('A', 1, 1, 'sign-in', 'm')`,
    );
    await a.query(
      `INSERT INTO store_audit_keys (counter_id, public_key, first_seq) VALUES ('A', 'key-a', 1)`,
    );
    await a.query(
      `SELECT * FROM paydesk_claim_refund('A', 'order-a', 'SAR', 4200, 0, 1000, 60000, NULL, NULL)`,
    );
  });
  // The store's first admin, made by A as a new store's first counter does (an upgraded store
  // has the operators its counters synced before).
  await store.as('A', (a) =>
    a.query(
      `SELECT paydesk_write_operator('A', NULL, 'hala', true, 'Hala', 'admin', '112233', NULL, NULL)
       WHERE NOT EXISTS (SELECT 1 FROM store_operators)`,
    ),
  );
}

/**
 * The opening of a hostile-counter test file: one cluster for the file, and a fresh store of
 * either shape per call. `skip` says why the file skips on a machine without PostgreSQL.
 */
export function hostileClusterForFile(prefix: string) {
  const skip = pgSkipReason();
  if (skip !== null) console.warn(`hostile counter tests skipped: ${skip}`);
  let cluster: PgCluster | undefined;
  let made = 0;
  beforeAll(async () => {
    if (skip === null) cluster = await startPgCluster();
  });
  afterAll(() => cluster?.destroy());
  const running = (): PgCluster => {
    if (!cluster) throw new Error('the cluster is not running (PostgreSQL skipped?)');
    return cluster;
  };
  return {
    skip,
    cluster: running,
    /** A fresh database name of this file. */
    name: () => `${prefix}_${++made}`,
    fresh: (shape: 'new' | 'upgraded', counters?: readonly string[]) =>
      hostileStore(running(), `${prefix}_${++made}`, shape, counters),
  };
}
