import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStoreCli, StoreUsageError } from '../../../main/core/store/store-cli';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';

const skip = pgSkipReason();
if (skip !== null) console.warn(`store CLI tests skipped: ${skip}`);

let cluster: PgCluster;
beforeAll(async () => {
  if (skip === null) cluster = await startPgCluster();
});
afterAll(() => cluster?.destroy());

const store = async (url: string, ...args: string[]) => {
  const lines: string[] = [];
  await runStoreCli([...args, '--url', url], (line) => lines.push(line));
  return lines.join('\n');
};

describe.skipIf(skip !== null)('npm run store', () => {
  it('migrates (twice is harmless), registers a counter, reports status, refuses bad input', async () => {
    const url = await cluster.createDatabase('cli');
    expect(await store(url, 'status')).toMatch(/store schema: none \(run migrate\)/);
    expect(await store(url, 'migrate')).toMatch(/applied store schema versions 1/);
    expect(await store(url, 'migrate')).toMatch(/already at version/);
    await store(url, 'add-counter', '--id', 'front-1', '--name', 'Front desk');
    await expect(store(url, 'add-counter', '--id', 'front desk', '--name', 'x')).rejects.toThrow(
      StoreUsageError,
    );
    await expect(store(url, 'rebuild')).rejects.toThrow(StoreUsageError);
    expect(await store(url, 'status')).toMatch(/front-1\tFront desk\tlast sync never\t0 attempts/);
  });

  it('the npm script entry prints usage and exits 2 on a bad command', async () => {
    const url = await cluster.createDatabase('cli_entry');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'main/core/store/cli.ts', 'nonsense', '--url', url],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/Usage: npm run store -- <command>/);
  });
});
