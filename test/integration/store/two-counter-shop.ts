import type { Core } from '../../../main/core/app/core-adapters';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { openShop, valueOf as value } from '../../support/test-core';
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
  close(): Promise<void>;
}

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
    async close() {
      await a.close();
      await b.close();
      await sandbox.close();
      cluster.destroy();
      removeCoreDirs();
    },
  };
}
