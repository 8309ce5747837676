import pg from 'pg';
import { expect } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { frictionlessSale, openShop, valueOf as value } from '../../support/test-core';
import { removeCoreDirs, startStoreCore, storeConnection, until } from './store-core';
import { migratedStore } from './store-counter';

/** Two whole cores in one store, live on one sandbox, with the shop's operators at both. */
export interface TwoCounterShop {
  cluster: PgCluster;
  url: string;
  sandbox: Sandbox;
  /** Takes the payments. */
  a: Core;
  /** Acts on them from All counters. */
  b: Core;
  /** Rows of one statement on the store, as the database's superuser. */
  rows(sql: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** A live sale (or hold) at A, at the shared gateway and replicated to the store. */
  saleAtA(reference: string, amount: string, authorizeOnly?: boolean): Promise<string>;
  close(): Promise<void>;
}

/** A core's live journal (Training sales never reach the store). */
export const liveJournal = (core: Core) =>
  core.modes.all().find((mode) => mode.name === 'live')!.journal;

/**
 * A's admin creates the shop's operators (Omar a cashier, Sara a supervisor); B switches
 * operators on with the store's admin and receives the rest through the store; both go live.
 */
export async function openTwoCounterShop(database: string): Promise<TwoCounterShop> {
  const cluster = await startPgCluster();
  const url = await cluster.createDatabase(database);
  await migratedStore(url);
  const sandbox = await startSandbox();
  const a = await startStoreCore({ liveSandbox: sandbox });
  const b = await startStoreCore({ liveSandbox: sandbox });
  for (const [core, id] of [
    [a, 'A'],
    [b, 'B'],
  ] as const) {
    await value(core, 'storeConfigure', { connection: storeConnection(url, id), password: null });
  }
  await openShop(a);
  await value(b, 'operatorsEnable', { operatorId: 'amal', displayName: 'Amal', secret: '111111' });
  for (const core of [a, b]) await value(core, 'settingsUpdate', { environment: 'ksa' });
  // Each account reaches B in the store round after it was made: wait for all of them.
  const synced = () => new Set(b.security.operators.accounts.all().map((o) => o.operatorId));
  await until(() => ['amal', 'omar', 'sara'].every((id) => synced().has(id)));
  return {
    cluster,
    url,
    sandbox,
    a,
    b,
    async rows(sql, values = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql, values)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
    async saleAtA(reference, amount, authorizeOnly = false) {
      await value(a, 'sessionSignIn', { operatorId: 'amal', secret: '111111' });
      const status = authorizeOnly ? 'authorized' : 'paid';
      const done = await value(a, 'salePay', {
        ...frictionlessSale(reference, { amount }),
        authorizeOnly,
      });
      expect(done.outcome).toBe(status);
      await until(
        async () => (await b.store.payment(done.attemptId).catch(() => null))?.status === status,
      );
      return done.attemptId;
    },
    async close() {
      await a.close();
      await b.close();
      await sandbox.close();
      cluster.destroy();
      removeCoreDirs();
    },
  };
}
