import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ipcContract,
  type IpcMethod,
  type IpcRequest,
  type IpcResponse,
} from '../../../shared/ipc';
import { createCore, type Core } from '../../../main/core/app/create-core';
import type { IpcSender } from '../../../main/core/ipc/router';
import { createControllableClock } from '../../../main/preview/controllable-clock';
import { nodeCoreAdapters } from '../../../main/preview/node-adapters';

/** Whole cores (createCore, as the app composes it) sharing one store database in a test. */

const origin = 'http://127.0.0.1:5999';
export const sender: IpcSender = { frameUrl: `${origin}/`, isMainFrame: true };

/** A core in a data directory of its own (pushed to `dirs`, for the test to remove). */
export async function startCore(dirs: string[]): Promise<Core> {
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

/** Calls a channel through the core's router, as the renderer would; throws on a failure. */
export async function value<M extends IpcMethod>(core: Core, method: M, request: IpcRequest<M>) {
  const result = await core.router.dispatch(ipcContract[method].channel, request, sender);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value as IpcResponse<M>;
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
