import { test } from '@playwright/test';
import type { Host, HostOptions } from '../host';
import { migratedStore } from '../integration/store/store-counter';
import { pgSkipReason, startPgCluster, type PgCluster } from '../support/pg-cluster';
import { launchUi } from './ui-helpers';

/**
 * The opening every store e2e shares: one real PostgreSQL cluster for
 * the file, whole hosts launched on it and closed after, and Settings → Store database as
 * an admin fills it for a counter. Call once at the top of a spec file.
 */
export function storeHosts() {
  const skip = pgSkipReason();
  let cluster: PgCluster;
  const hosts: Host[] = [];
  test.beforeAll(async () => {
    if (skip === null) cluster = await startPgCluster();
  });
  test.afterAll(async () => {
    for (const host of hosts) await host.close();
    cluster?.destroy();
  });
  return {
    /** Why these tests skip (no PostgreSQL on this machine), or null. */
    skip,
    cluster: () => cluster,
    /** A new store database; `migrate` applies the schema as IT's `npm run store -- migrate`. */
    async database(name: string, options: { migrate: boolean }) {
      const url = await cluster.createDatabase(name);
      if (options.migrate) await migratedStore(url);
      const port = Number(new URL(url).port);
      return {
        url,
        port,
        connection: (counterId: string, counterName: string) => ({
          host: '127.0.0.1',
          port,
          database: name,
          user: 'postgres',
          tls: 'off' as const,
          counterId,
          counterName,
        }),
      };
    },
    /** A whole host, closed after the file's tests. */
    async launch(options: HostOptions = {}): Promise<Host> {
      const host = await launchUi(options);
      hosts.push(host);
      return host;
    },
  };
}
