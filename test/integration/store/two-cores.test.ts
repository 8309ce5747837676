import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ipcContract,
  type IpcMethod,
  type IpcRequest,
  type IpcResponse,
} from '../../../shared/ipc';
import type { StoreStatus } from '../../../shared/ipc-store';
import { createCore, type Core } from '../../../main/core/app/create-core';
import type { IpcSender } from '../../../main/core/ipc/router';
import { createControllableClock } from '../../../main/preview/controllable-clock';
import { nodeCoreAdapters } from '../../../main/preview/node-adapters';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { journalSale, migratedStore } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`store core tests skipped: ${skip}`);

const origin = 'http://127.0.0.1:5999';
const sender: IpcSender = { frameUrl: `${origin}/`, isMainFrame: true };

let cluster: PgCluster;
let url: string;
const dirs: string[] = [];
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster();
  url = await cluster.createDatabase('store');
  await migratedStore(url);
});
afterAll(() => {
  cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A whole core (createCore, as the app composes it) in its own data directory. */
async function startCore(): Promise<Core> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-store-core-'));
  dirs.push(dataDir);
  return createCore(
    nodeCoreAdapters({
      dataDir,
      clock: createControllableClock(),
      createChallengeRunner: () => ({
        userAgent: async () => 'Mozilla/5.0 (store test)',
        runMethod: async () => undefined,
        endAttempt: async () => undefined,
        runChallenge: () => Promise.reject(new Error('no challenge in store tests')),
      }),
      receipts: {
        printers: async () => [],
        print: async () => false,
        pdf: async () => new Uint8Array(),
      },
      files: { choosePath: async () => null },
      trustedOrigin: origin,
    }),
  );
}

async function value<M extends IpcMethod>(core: Core, method: M, request: IpcRequest<M>) {
  const result = await core.router.dispatch(ipcContract[method].channel, request, sender);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value as IpcResponse<M>;
}

const connection = (counterId: string) => {
  const { port } = new URL(url);
  return {
    host: '127.0.0.1',
    port: Number(port),
    database: 'store',
    user: 'postgres',
    tls: 'off' as const,
    counterId,
    counterName: `Counter ${counterId}`,
  };
};

const until = async (check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.skipIf(skip !== null)('two cores on one store', () => {
  it('configured from Settings: A’s live sale reaches B’s store History, the top bar goes offline and back', async () => {
    const a = await startCore();
    const b = await startCore();
    try {
      const statuses: StoreStatus[] = [];
      a.events.on('storeStatusChanged', (status) => statuses.push(status));
      const changedOnB: (string | null)[] = [];
      b.events.on('storeChanged', ({ counterId }) => changedOnB.push(counterId));

      const view = await value(a, 'storeConfigure', {
        connection: connection('A'),
        password: 'not-needed-with-trust',
      });
      expect(view).toMatchObject({ passwordSet: true, connection: { counterId: 'A' } });
      expect(JSON.stringify(view)).not.toContain('not-needed-with-trust');
      expect(readFileSync(join(dirs[0]!, 'store.json'), 'utf8')).not.toContain(
        'not-needed-with-trust',
      );
      await value(b, 'storeConfigure', { connection: connection('B'), password: null });
      await until(() => a.store.status().state === 'online' && b.store.status().state === 'online');

      const live = a.modes.all().find((mode) => mode.name === 'live')!;
      const sale = journalSale(live.journal, 9_900, 'op-a');
      await until(() => changedOnB.includes('A'));
      // The sale's writes replicate as they commit: the first notice may carry it in progress.
      const paidOnB = async () =>
        (await value(b, 'storeHistory', { filters: {}, cursor: null, limit: 20 })).rows.some(
          (row) => row.attemptId === sale && row.status === 'paid',
        );
      await until(paidOnB);
      const page = await value(b, 'storeHistory', { filters: {}, cursor: null, limit: 20 });
      expect(page.rows).toEqual([
        expect.objectContaining({
          attemptId: sale,
          counterId: 'A',
          status: 'paid',
          amountMinor: 9_900,
        }),
      ]);
      const otherCounter = await value(b, 'storeHistory', {
        filters: { counterId: 'B' },
        cursor: null,
        limit: 20,
      });
      expect(otherCounter.rows).toEqual([]);

      cluster.stop('fast');
      journalSale(live.journal);
      await until(() => a.store.status().state === 'offline' && a.store.status().waiting > 0);
      expect(a.store.status().offlineSince).not.toBeNull();
      expect(
        (
          await b.router.dispatch(
            ipcContract.storeHistory.channel,
            { filters: {}, cursor: null, limit: 20 },
            sender,
          )
        ).ok,
      ).toBe(false);
      cluster.start();
      await until(
        () => a.store.status().state === 'online' && a.store.status().waiting === 0,
        25_000,
      );
      expect(statuses.map((status) => status.state)).toContain('offline');
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
