import { join } from 'node:path';
import { ipcContract, type IpcMethod, type IpcRequest, type IpcResponse } from '../../shared/ipc';
import { createCore } from '../../main/core/app/create-core';
import { type Core, type CoreAdapters } from '../../main/core/app/core-adapters';
import type { SaveTarget, ChallengeRunner, Clock } from '../../main/core/ports';
import type { IpcSender } from '../../main/core/ipc/router';
import type { ReceiptOutput } from '../../main/core/receipts/receipt-output';
import { testCards, TEST_CARD_EXPIRY } from '../../main/core/sandbox';
import { createControllableClock } from '../../main/preview/controllable-clock';
import { nodeCoreAdapters } from '../../main/preview/node-adapters';

/**
 * A whole core (createCore, as the app composes it) over the plain-Node adapters in a data
 * folder of the test's, driven through its IPC router as the renderer would drive it.
 */

export const testOrigin = 'http://127.0.0.1:5999';
export const testSender: IpcSender = { frameUrl: `${testOrigin}/`, isMainFrame: true };
export const frictionless = testCards.find((card) => card.outcome === 'frictionless')!;

// Frictionless cards never show a challenge; a call here would be a wrong branch.
export const noChallenge: ChallengeRunner = {
  userAgent: async () => 'Mozilla/5.0 (integration test)',
  runMethod: async () => undefined,
  endAttempt: async () => undefined,
  runChallenge: () => Promise.reject(new Error('a frictionless sale showed a challenge')),
};

/** A printer that prints everything and a PDF writer that writes nothing. */
export const quietReceipts: ReceiptOutput = {
  printers: async () => [],
  print: async () => true,
  pdf: async () => new Uint8Array(),
};

export interface TestCoreOptions {
  dataDir: string;
  clock?: Clock;
  receipts?: ReceiptOutput;
  /** Where a save dialog answers; by default the data folder itself. */
  files?: SaveTarget;
  secretCipher?: CoreAdapters['secretCipher'];
  /** Live mode on this sandbox (shared by several cores in the store tests). */
  liveSandbox?: CoreAdapters['liveSandbox'];
  /** The trust list and proxy of gateway connections, as the Electron shell gives them. */
  network?: CoreAdapters['network'];
}

export function startTestCore(options: TestCoreOptions): Promise<Core> {
  const adapters = nodeCoreAdapters({
    dataDir: options.dataDir,
    clock: options.clock ?? createControllableClock(),
    createChallengeRunner: () => noChallenge,
    receipts: options.receipts ?? quietReceipts,
    files: options.files ?? {
      choosePath: async ({ defaultName }) => join(options.dataDir, defaultName),
    },
    trustedOrigin: testOrigin,
    liveSandbox: options.liveSandbox,
  });
  return createCore({
    ...adapters,
    ...(options.secretCipher ? { secretCipher: options.secretCipher } : {}),
    ...(options.network ? { network: options.network } : {}),
  });
}

export const dispatch = <M extends IpcMethod>(core: Core, method: M, request: IpcRequest<M>) =>
  core.router.dispatch(ipcContract[method].channel, request, testSender);

/** The answer of a call that must succeed; a refusal fails the test with its code. */
export async function valueOf<M extends IpcMethod>(
  core: Core,
  method: M,
  request: IpcRequest<M>,
): Promise<IpcResponse<M>> {
  const result = await dispatch(core, method, request);
  if (!result.ok) throw new Error(`${method}: ${result.error.code}`);
  return result.value as IpcResponse<M>;
}

/** 'ok', or the code the router refused the call with. */
export async function codeOf<M extends IpcMethod>(
  core: Core,
  method: M,
  request: IpcRequest<M>,
): Promise<string> {
  const result = await dispatch(core, method, request);
  return result.ok ? 'ok' : result.error.code;
}

/** The three calls bound to the test's current core (it changes in every beforeEach). */
export function coreIpc(current: () => Core) {
  return {
    call: <M extends IpcMethod>(method: M, request: IpcRequest<M>) =>
      dispatch(current(), method, request),
    value: <M extends IpcMethod>(method: M, request: IpcRequest<M>) =>
      valueOf(current(), method, request),
    codeOf: <M extends IpcMethod>(method: M, request: IpcRequest<M>) =>
      codeOf(current(), method, request),
  };
}

/** A frictionless card sale of 42.00 SAR, as the sale form sends it. */
export const frictionlessSale = (
  reference: string,
  { amount = '42.00', holderName = 'Sara Ahmed' } = {},
): IpcRequest<'salePay'> => ({
  amount,
  currency: 'SAR',
  merchantReferenceId: reference,
  card: {
    number: frictionless.number,
    expiry: `${TEST_CARD_EXPIRY.month}/${TEST_CARD_EXPIRY.year}`,
    cvv: '123',
    holderName,
  },
  customerPhone: null,
});

/** The first admin of these tests' shop: switching operators on signs Amal in. */
export const firstAdmin = { operatorId: 'amal', displayName: 'Amal Saeed', secret: '111111' };

/** The whole shop: Amal the admin, Omar a cashier (PIN 222222), Sara a supervisor (333333). */
export async function openShop(core: Core): Promise<void> {
  await valueOf(core, 'operatorsEnable', firstAdmin);
  await valueOf(core, 'operatorsCreate', {
    operatorId: 'omar',
    displayName: 'Omar Ali',
    role: 'cashier',
    secret: '222222',
  });
  await valueOf(core, 'operatorsCreate', {
    operatorId: 'sara',
    displayName: 'Sara Nasser',
    role: 'supervisor',
    secret: '333333',
  });
}
