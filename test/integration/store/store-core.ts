import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../../main/core/app/core-adapters';
import type { Sandbox } from '../../../main/core/sandbox';
import { startTestCore } from '../../support/test-core';

/** Whole cores (test/support/test-core.ts) for the store's integration tests. */

/** Data directories of the cores started, removed by `removeCoreDirs`. */
export const coreDirs: string[] = [];
export const removeCoreDirs = () => {
  for (const dir of coreDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

/** A core in a data directory of its own; with `liveSandbox`, live mode goes to that sandbox. */
export async function startStoreCore(options: { liveSandbox?: Sandbox } = {}): Promise<Core> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-store-core-'));
  coreDirs.push(dataDir);
  return startTestCore({ dataDir, liveSandbox: options.liveSandbox });
}

/** Settings → Store database as an admin fills it, for a store database on `url`. */
export const storeConnection = (url: string, counterId: string) => {
  const parsed = new URL(url);
  return {
    host: '127.0.0.1',
    port: Number(parsed.port),
    database: parsed.pathname.slice(1),
    user: 'postgres',
    tls: 'off' as const,
    counterId,
    counterName: `Counter ${counterId}`,
  };
};

export const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
