import { mkdtempSync, rmSync } from 'node:fs';
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
import type { Sandbox } from '../../../main/core/sandbox';
import { createControllableClock } from '../../../main/preview/controllable-clock';
import { nodeCoreAdapters } from '../../../main/preview/node-adapters';

/** Whole cores (createCore, as the app composes it) for the store's integration tests. */

const origin = 'http://127.0.0.1:5999';
export const sender: IpcSender = { frameUrl: `${origin}/`, isMainFrame: true };

/** Data directories of the cores started, removed by `removeCoreDirs`. */
export const coreDirs: string[] = [];
export const removeCoreDirs = () => {
  for (const dir of coreDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
};

/**
 * A core in its own data directory. Its cards never meet a challenge (frictionless ones);
 * with `liveSandbox`, live mode's gateway is that sandbox, shared by several cores.
 */
export async function startStoreCore(options: { liveSandbox?: Sandbox } = {}): Promise<Core> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-store-core-'));
  coreDirs.push(dataDir);
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
      liveSandbox: options.liveSandbox,
    }),
  );
}

export const call = <M extends IpcMethod>(core: Core, method: M, request: IpcRequest<M>) =>
  core.router.dispatch(ipcContract[method].channel, request, sender);

export async function value<M extends IpcMethod>(core: Core, method: M, request: IpcRequest<M>) {
  const result = await call(core, method, request);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value as IpcResponse<M>;
}

/** The code a call failed with, or 'ok'. */
export const codeOf = async <M extends IpcMethod>(
  core: Core,
  method: M,
  request: IpcRequest<M>,
) => {
  const result = await call(core, method, request);
  return result.ok ? 'ok' : result.error.code;
};

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
