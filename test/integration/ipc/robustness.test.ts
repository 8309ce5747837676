import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ipcContract, ipcErrorSchema, type IpcMethod, type IpcRequest } from '../../../shared/ipc';
import { createCore } from '../../../main/core/app/create-core';
import { permissionTable } from '../../../main/core/operators/permissions';
import type { Core } from '../../../main/core/app/core-adapters';
import { systemClock } from '../../../main/core/app/system-adapters';
import type { IpcSender } from '../../../main/core/ipc/router';
import type { ChallengeRunner } from '../../../main/core/ports';
import type { ReceiptOutput } from '../../../main/core/receipts/receipt-output';
import { nodeCoreAdapters } from '../../../main/preview/node-adapters';
import { bidiControls, cardForms } from '../../support/card-forms';
import { validRequests as valid } from '../../support/valid-requests';
import { cardBytesIn, textsUnder } from '../../support/card-scan';
import { packageVersion } from '../../../main/preview/package-version';

const origin = 'http://127.0.0.1:5999';
const trusted: IpcSender = { frameUrl: `${origin}/`, isMainFrame: true };
const megabyte = 'x'.repeat(1024 * 1024);

const wrongTypeOf = (value: unknown): unknown[] => {
  if (typeof value === 'string') return [42, null, [value], { value }];
  if (typeof value === 'number') return ['10', -1, 1.5, Number.NaN, null];
  if (typeof value === 'boolean') return ['true', 0, null];
  if (value === null) return [42, [], 'null'];
  return ['object', 7, [value], null];
};

const protoKey = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;

/** Variants of one request: whole-payload garbage, then per-field breakage, recursively. */
function variants(request: Record<string, unknown>): [string, unknown][] {
  const cases: [string, unknown][] = [
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'app:info'],
    ['a 1 MB string', megabyte],
    ['an array', [request]],
    ['an unknown key', { ...request, extra: 1 }],
    ['an unknown 1 MB key', { ...request, [megabyte.slice(0, 1000)]: megabyte }],
    // Spread defines an own `__proto__` key, as JSON.parse of a hostile payload does.
    ['a __proto__ key', { ...protoKey, ...request }],
    ['a constructor key', { ...request, constructor: { prototype: { polluted: true } } }],
  ];
  for (const [key, value] of Object.entries(request)) {
    const { [key]: _dropped, ...missing } = request;
    if (value !== undefined) cases.push([`${key} missing`, missing]);
    for (const wrong of wrongTypeOf(value))
      cases.push([`${key} = ${JSON.stringify(wrong)}`, { ...request, [key]: wrong }]);
    if (typeof value === 'string') cases.push([`${key} of 1 MB`, { ...request, [key]: megabyte }]);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const nested of variants(value as Record<string, unknown>).slice(5)) {
        cases.push([`${key}: ${nested[0]}`, { ...request, [key]: nested[1] }]);
      }
    }
  }
  return cases;
}

/** The variants the channel's schema refuses (dropping an optional field is still valid). */
const malformed = (method: IpcMethod) =>
  variants(valid[method] as Record<string, unknown>).filter(
    ([, payload]) => !ipcContract[method].request.safeParse(payload).success,
  );

/** Paths of every string in a request (nested objects included). */
function textPaths(value: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(value).flatMap(([key, item]) => {
    if (typeof item === 'string') return [[...prefix, key]];
    if (item && typeof item === 'object' && !Array.isArray(item))
      return textPaths(item as Record<string, unknown>, [...prefix, key]);
    return [];
  });
}

/** A copy of `value` with the string at `path` replaced by `text`. */
function withText(value: Record<string, unknown>, path: string[], text: string): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return text;
  const item = value[key];
  return {
    ...value,
    [key]: rest.length ? withText(item as Record<string, unknown>, rest, text) : text,
  };
}

let core: Core;
let dataDir: string;
const spies: MockInstance[] = [];
const receipts: ReceiptOutput = {
  printers: async () => [],
  print: async () => true,
  pdf: async () => new Uint8Array(),
};
const files = { choosePath: async () => null };
const challenge: ChallengeRunner = {
  userAgent: async () => 'robustness',
  runMethod: async () => undefined,
  endAttempt: async () => undefined,
  runChallenge: async () => ({ kind: 'cancelled' }),
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-robustness-'));
  core = await createCore(
    nodeCoreAdapters({
      dataDir,
      clock: systemClock,
      createChallengeRunner: () => challenge,
      receipts,
      files,
      trustedOrigin: origin,
    }),
  );
  // Every way a handler reaches the core: the payment modes (payments, journals), the
  // settings service, the receipt output and the save dialog.
  spies.push(
    vi.spyOn(core.modes, 'active'),
    vi.spyOn(core.modes, 'all'),
    ...(
      [
        'current',
        'view',
        'update',
        'setCredentials',
        'storedCredentials',
        'problems',
        'testCredentials',
      ] as const
    ).map((m) => vi.spyOn(core.settings, m)),
    ...(['printers', 'print', 'pdf'] as const).map((m) => vi.spyOn(receipts, m)),
    vi.spyOn(files, 'choosePath'),
    // The operators service and the audit trail, for the session, operator and audit channels.
    ...(
      ['state', 'signIn', 'lock', 'signOut', 'touch', 'enable', 'disable', 'configure'] as const
    ).map((m) => vi.spyOn(core.security.operators, m)),
    ...(['all', 'create', 'change', 'unlock'] as const).map((m) =>
      vi.spyOn(core.security.operators.accounts, m),
    ),
    ...(['search', 'verify'] as const).map((m) => vi.spyOn(core.security.audit, m)),
    // Store mode.
    ...(
      [
        'status',
        'settings',
        'configure',
        'migrate',
        'history',
        'endOfDay',
        'auditVerify',
        'counterId',
        'payment',
      ] as const
    ).map((m) => vi.spyOn(core.store, m)),
  );
});

afterAll(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const methods = Object.keys(valid) as IpcMethod[];
const reachedCore = () => spies.some((spy) => spy.mock.calls.length > 0);
const resetSpies = () => spies.forEach((spy) => spy.mockClear());
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

async function expectRefused(channel: unknown, payload: unknown, sender: IpcSender, code: string) {
  resetSpies();
  const result = await core.router.dispatch(channel, payload, sender);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(ipcErrorSchema.safeParse(result.error).success).toBe(true);
  expect(result.error.code).toBe(code);
  // A code (and bounded params) only: no sentence of main's crosses the bridge.
  expect(result.error).not.toHaveProperty('message');
  expect(JSON.stringify(result.error.params ?? {}).length).toBeLessThan(500);
  expect(reachedCore()).toBe(false);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
}

describe('IPC robustness through the real router of the real core', () => {
  it('refuses other counters’ payments before the core while operators are off; lets them through to a signed-in admin', async () => {
    const store = methods.filter((m) => permissionTable[m].needsSignIn);
    expect(store.length).toBeGreaterThan(0);
    for (const method of store) {
      await expectRefused(
        ipcContract[method].channel,
        valid[method],
        trusted,
        'store-needs-operators',
      );
    }
    // Switching operators on signs the first admin in; switched off again after, so the
    // channels below run on the fresh core's state.
    const on = await core.router.dispatch(
      ipcContract.operatorsEnable.channel,
      valid.operatorsEnable,
      trusted,
    );
    expect(on.ok).toBe(true);
    for (const method of store) {
      resetSpies();
      await core.router.dispatch(ipcContract[method].channel, valid[method], trusted);
      expect(reachedCore(), method).toBe(true);
    }
    const off = await core.router.dispatch(
      ipcContract.operatorsDisable.channel,
      valid.operatorsDisable,
      trusted,
    );
    expect(off.ok).toBe(true);
  });

  it('lets each well-formed request through to the core (so the spies can see)', async () => {
    // Other counters' payments need a signed-in operator: the test above lets those through.
    for (const method of methods.filter((m) => !permissionTable[m].needsSignIn)) {
      resetSpies();
      await core.router.dispatch(ipcContract[method].channel, valid[method], trusted);
      expect(reachedCore(), method).toBe(true);
    }
  });

  for (const method of Object.keys(valid) as IpcMethod[]) {
    it(`refuses every malformed ${method} request with invalid-request`, async () => {
      const cases = malformed(method);
      expect(cases.length).toBeGreaterThan(8);
      for (const [name, payload] of cases) {
        await expect(
          expectRefused(ipcContract[method].channel, payload, trusted, 'invalid-request'),
          name,
        ).resolves.toBeUndefined();
      }
    });
  }

  it.each([
    'app:info2',
    'APP:INFO',
    '',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    megabyte,
    42,
    null,
    undefined,
    { channel: 'app:info' },
    ['app:info'],
  ])('refuses unknown channel %#', async (channel) => {
    await expectRefused(channel, {}, trusted, 'unknown-channel');
  });

  it.each<[string, IpcSender]>([
    ['another origin', { frameUrl: 'https://evil.example/', isMainFrame: true }],
    ['a subframe of our own page', { frameUrl: `${origin}/`, isMainFrame: false }],
    ['a data: page', { frameUrl: 'data:text/html,x', isMainFrame: true }],
    ['a file: page', { frameUrl: 'file:///tmp/index.html', isMainFrame: true }],
    ['no URL at all', { frameUrl: '', isMainFrame: true }],
  ])('refuses every channel from %s, before parsing', async (_name, sender) => {
    for (const method of Object.keys(valid) as IpcMethod[]) {
      await expectRefused(ipcContract[method].channel, valid[method], sender, 'untrusted-sender');
    }
  });

  /**
   * Every text field of every channel, with the fields that take operator text filled in,
   * gets a card number in every separator and digit form, and bidi controls. Each answer is
   * a value or a typed refusal (never `internal`), and afterwards the data directory holds
   * not one byte of the card, in any form.
   */
  it('takes card numbers in every form into every text field of every channel, and keeps none', async () => {
    const card = '4440000009900010';
    const hostile = [
      ...cardForms(card).map(([, text]) => text),
      ...bidiControls.map((c) => `A${c}B`),
    ];
    const withTexts: { [M in IpcMethod]: IpcRequest<M> } = {
      ...valid,
      salePrepare: { amount: '10.00', currency: 'SAR', merchantReferenceId: 'R-1' },
      historySearch: { filters: { text: 'x' }, cursor: null, limit: 10 },
      orderRefund: { attemptId: 'a-1', amount: '1.00' },
      settingsUpdate: {
        customBaseUrl: 'https://gw.example.com',
        returnHost: 'return.example.com',
        amountCap: '1000',
        receiptHeader: { merchantName: 'Dar', address: 'Riyadh', vatNumber: '300000000000003' },
        printing: {
          printerName: 'Counter',
          silent: true,
          customerCopies: 1,
          merchantCopies: 0,
          paper: '80mm',
        },
      },
    };
    const codes = new Map<string, number>();
    let sent = 0;
    for (const method of Object.keys(withTexts) as IpcMethod[]) {
      const request = withTexts[method] as Record<string, unknown>;
      for (const path of textPaths(request)) {
        for (const text of hostile) {
          const result = await core.router.dispatch(
            ipcContract[method].channel,
            withText(request, path, text),
            trusted,
          );
          sent += 1;
          const code = result.ok ? 'accepted' : result.error.code;
          expect(code, `${method} ${path.join('.')} ${JSON.stringify(text)}`).not.toBe('internal');
          codes.set(code, (codes.get(code) ?? 0) + 1);
        }
      }
    }
    expect(sent).toBeGreaterThan(hostile.length * 20);
    expect(codes.get('text-card-number')).toBeGreaterThan(0);
    expect(codes.get('text-bidi-control')).toBeGreaterThan(0);
    expect(codes.get('merchant-reference-invalid')).toBeGreaterThan(0);
    expect(codes.get('holder-name-invalid')).toBeGreaterThan(0);
    expect(cardBytesIn(textsUnder(dataDir), [card])).toBe(0);
    // Sign-in and operator channels run scrypt (N=2^16) on every secret they are sent.
  }, 180_000);

  it('stays up and answers after all of it', async () => {
    const result = await core.router.dispatch('app:info', {}, trusted);
    expect(result).toEqual({
      ok: true,
      value: { version: packageVersion(), training: true, platform: process.platform },
    });
  });
});
