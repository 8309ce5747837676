import { afterAll, beforeAll } from 'vitest';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { migratedStore } from './store-counter';

/**
 * The opening of a store test file: one PostgreSQL cluster for the whole file (started
 * before its tests, destroyed after them) and a fresh, migrated store database per test.
 * `skip` says why the file's tests skip on a machine without PostgreSQL (null: they run).
 */
export function storeClusterForFile(what: string) {
  const skip = pgSkipReason();
  if (skip !== null) console.warn(`${what} tests skipped: ${skip}`);
  let cluster: PgCluster | undefined;
  let databases = 0;
  beforeAll(async () => {
    if (skip === null) cluster = await startPgCluster();
  });
  afterAll(() => cluster?.destroy());

  const running = (): PgCluster => {
    if (!cluster) throw new Error('the store cluster is not running (PostgreSQL skipped?)');
    return cluster;
  };
  return {
    skip,
    cluster: running,
    /** A fresh, migrated store database for one test. */
    async freshStore(): Promise<string> {
      databases += 1;
      const url = await running().createDatabase(`store_${databases}`);
      await migratedStore(url);
      return url;
    },
  };
}
