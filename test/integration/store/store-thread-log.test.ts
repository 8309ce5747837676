import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { freePort } from '../../support/pg-cluster';
import { coreDirs, removeCoreDirs, startStoreCore, storeConnection } from './store-core';

// A packaged app keeps no stderr: the store thread's lines (a server that does not answer)
// must land in paydesk.log, written by main through its redacting logger.
let core: Core | null = null;
afterAll(async () => {
  await core?.close();
  removeCoreDirs();
});

describe('the store thread’s log lines', () => {
  // A timeout of its own: starting a worker through tsx takes seconds on a busy machine.
  it('reach main’s log file when the store server does not answer', async () => {
    core = await startStoreCore();
    const logPath = join(coreDirs.at(-1)!, 'paydesk.log');
    const port = await freePort(); // nothing listens there
    await core.store.configure(
      storeConnection(`postgres://postgres@127.0.0.1:${port}/paydesk`, 'front-1'),
      null,
      null,
    );
    const lines = () =>
      existsSync(logPath)
        ? readFileSync(logPath, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>)
        : [];
    await expect
      .poll(() => lines().find((line) => line.message === 'store: counter not registered yet'), {
        timeout: 15_000,
      })
      .toMatchObject({ level: 'warn', error: expect.stringContaining('ECONNREFUSED') });
  }, 30_000);
});
