import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../../main/core/app/create-core';
import { startTestCore } from '../../support/test-core';

/** Whole cores (createCore, as the app composes it) sharing one store database in a test. */

/** A core in a data directory of its own (pushed to `dirs`, for the test to remove). */
export async function startCore(dirs: string[]): Promise<Core> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-store-core-'));
  dirs.push(dataDir);
  return startTestCore({ dataDir });
}

/** Settings → Store database for `counterId`, on the test cluster's database `url`. */
export const storeConnection = (url: string, database: string, counterId: string) => ({
  host: '127.0.0.1',
  port: Number(new URL(url).port),
  database,
  user: 'postgres',
  tls: 'off' as const,
  counterId,
  counterName: `Counter ${counterId}`,
});

export const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
