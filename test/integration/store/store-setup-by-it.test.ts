import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStoreCli } from '../../../main/core/store/store-cli';
import {
  signInAtStore,
  writeOperatorAtStore,
} from '../../../main/core/store/operators/store-sign-in';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';

/**
 * The store set up as docs/store.md tells IT, by an administrator that is not a superuser:
 * a login with CREATEROLE that owns the store's database. Migrations and add-counter must
 * work with those rights alone, and the counter it makes must then work with its own.
 */
const skip = pgSkipReason();
if (skip !== null) console.warn(`store setup tests skipped: ${skip}`);

let cluster: PgCluster;
beforeAll(async () => {
  if (skip === null) cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

async function asSuperuser(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(skip !== null)('a store set up by IT without superuser rights', () => {
  it('migrates, adds a counter, and the counter signs an operator in', async () => {
    await asSuperuser(async (postgres) => {
      await postgres.query('CREATE ROLE it_admin LOGIN CREATEROLE');
      await postgres.query('CREATE DATABASE shop OWNER it_admin');
    });
    const itUrl = cluster.url('shop').replace('postgres@', 'it_admin@');
    const said: string[] = [];
    await runStoreCli(['migrate', '--url', itUrl], (line) => said.push(line));
    process.env.PAYDESK_COUNTER_PASSWORD = 'front-password';
    try {
      await runStoreCli(
        ['add-counter', '--id', 'front-1', '--name', 'Front', '--url', itUrl],
        (l) => said.push(l),
      );
    } finally {
      delete process.env.PAYDESK_COUNTER_PASSWORD;
    }
    expect(said.join('\n')).toMatch(/applied store schema versions 1, 2, .*12/);
    expect(said.join('\n')).toMatch(/connects as role paydesk_counter_front-1/);

    const counter = new pg.Pool({
      connectionString: itUrl.replace('it_admin@', 'paydesk_counter_front-1@'),
      max: 1,
    });
    try {
      await writeOperatorAtStore(counter, {
        counterId: 'front-1',
        token: null,
        operatorId: 'hala',
        create: true,
        displayName: 'Hala',
        role: 'admin',
        secret: '905112',
        disabled: null,
        unlock: false,
      });
      const signedIn = await signInAtStore(counter, {
        counterId: 'front-1',
        operatorId: 'hala',
        secret: '905112',
        purpose: 'sign-in',
      });
      expect(signedIn).toMatchObject({ outcome: 'ok', account: { role: 'admin' } });
      // The counter's role has what the migrations gave it, nothing of IT's.
      const rights = await counter.query<{ create: boolean; temp: boolean; owner: boolean }>(
        `SELECT has_schema_privilege('public', 'CREATE') AS create,
           has_database_privilege(current_database(), 'TEMP') AS temp,
           pg_has_role('paydesk_owner', 'USAGE') AS owner`,
      );
      expect(rights.rows).toEqual([{ create: false, temp: false, owner: false }]);
    } finally {
      await counter.end();
    }
  });
});
