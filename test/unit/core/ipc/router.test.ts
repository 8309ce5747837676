import { describe, expect, it, vi } from 'vitest';
import { CodedFailure } from '../../../../main/core/coded-failure';
import { createIpcRouter, type IpcHandlers } from '../../../../main/core/ipc/router';
import { ipcContract, type IpcMethod } from '../../../../shared/ipc';

const trusted = { frameUrl: 'app://renderer/index.html', isMainFrame: true };

/** Every handler throws unless a test replaces it: nothing may reach the core unasked. */
function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  const all = {} as Record<IpcMethod, unknown>;
  for (const method of Object.keys(ipcContract) as IpcMethod[]) {
    all[method] = vi.fn(async () => {
      throw new Error(`${method} must not be called`);
    });
  }
  return { ...(all as IpcHandlers), ...overrides };
}

function router(h: IpcHandlers, onInternalError = vi.fn()) {
  return createIpcRouter({
    handlers: h,
    isTrustedSender: (s) => s.isMainFrame && s.frameUrl.startsWith('app://renderer/'),
    onInternalError,
  });
}

/** What the renderer gets for a valid prepare answered by this handler. */
const prepareWith = (salePrepare: IpcHandlers['salePrepare'], onInternalError = vi.fn()) =>
  router(handlers({ salePrepare }), onInternalError).dispatch(
    'sale:prepare',
    { amount: '1', currency: 'SAR' },
    trusted,
  );

/** The same, with a handler that throws `error`. */
const prepareThrowing = (error: Error, onInternalError = vi.fn()) =>
  prepareWith(async () => {
    throw error;
  }, onInternalError);

describe('createIpcRouter', () => {
  it('lists every contract channel once', () => {
    const r = router(handlers());
    expect([...r.channels].sort()).toEqual(
      Object.values(ipcContract)
        .map((c) => c.channel)
        .sort(),
    );
  });

  it('passes the parsed request to the handler and returns its typed value', async () => {
    const salePrepare = vi.fn(async () => ({ prepared: true }));
    const r = router(handlers({ salePrepare }));
    const result = await r.dispatch('sale:prepare', { amount: '10.00', currency: 'SAR' }, trusted);
    expect(result).toEqual({ ok: true, value: { prepared: true } });
    expect(salePrepare).toHaveBeenCalledWith({ amount: '10.00', currency: 'SAR' });
  });

  it.each([
    ['unknown channel', 'sale:steal', {}, trusted, 'unknown-channel'],
    ['non-string channel', 42, {}, trusted, 'unknown-channel'],
    ['subframe sender', 'app:info', {}, { ...trusted, isMainFrame: false }, 'untrusted-sender'],
    [
      'foreign origin',
      'app:info',
      {},
      { frameUrl: 'https://evil.example/', isMainFrame: true },
      'untrusted-sender',
    ],
    ['wrong type', 'sale:prepare', { amount: 10, currency: 'SAR' }, trusted, 'invalid-request'],
    [
      'unknown currency',
      'sale:prepare',
      { amount: '10', currency: 'XXX' },
      trusted,
      'invalid-request',
    ],
    [
      'extra key',
      'sale:prepare',
      { amount: '1', currency: 'SAR', admin: true },
      trusted,
      'invalid-request',
    ],
    ['null payload', 'settings:get', null, trusted, 'invalid-request'],
    [
      'huge string',
      'sale:prepare',
      { amount: '9'.repeat(1_000_000), currency: 'SAR' },
      trusted,
      'invalid-request',
    ],
  ])(
    'refuses %s with a typed error before any handler runs',
    async (_name, channel, payload, sender, code) => {
      const h = handlers();
      const result = await router(h).dispatch(channel, payload, sender);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe(code);
      for (const fn of Object.values(h)) expect(fn).not.toHaveBeenCalled();
    },
  );

  it('does not let __proto__ keys reach the handler or pollute prototypes', async () => {
    const settingsUpdate = vi.fn(async () => {
      throw new CodedFailure('not-reached');
    });
    const payload = JSON.parse('{"language":"ar","__proto__":{"polluted":true}}');
    const result = await router(handlers({ settingsUpdate })).dispatch(
      'settings:update',
      payload,
      trusted,
    );
    expect(result.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('turns a CodedFailure into its code and params, with the correlation id', async () => {
    const result = await prepareThrowing(
      new CodedFailure('credentials-missing', { field: 'apiPassword' }, 'corr-1'),
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'credentials-missing',
        params: { field: 'apiPassword' },
        correlationId: 'corr-1',
      },
    });
  });

  it('names the refused fields of an invalid request as a param, never in a sentence', async () => {
    const result = await router(handlers()).dispatch(
      'sale:prepare',
      { amount: 10, currency: 'XXX' },
      trusted,
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'invalid-request', params: { fields: 'amount, currency' } },
    });
  });

  it('carries the payment that holds a merchant reference on a reference-in-use failure', async () => {
    const existingPayment = {
      attemptId: 'a-1',
      merchantReferenceId: 'INV-1',
      orderId: 'o-1',
      amountMinor: 1250,
      currency: 'SAR' as const,
      status: 'paid' as const,
      createdAt: 1,
    };
    const result = await prepareThrowing(
      new CodedFailure('reference-in-use', undefined, null, existingPayment),
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'reference-in-use',
        correlationId: null,
        existingPayment,
      },
    });
  });

  it('hides the text of unexpected errors and reports them without the payload', async () => {
    const onInternalError = vi.fn();
    const result = await prepareThrowing(
      new Error('secret detail 4111111111111111'),
      onInternalError,
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal' },
    });
    expect(JSON.stringify(result)).not.toContain('4111');
    expect(onInternalError).toHaveBeenCalledWith('sale:prepare', expect.any(Error));
  });

  it('treats a handler response that breaks the contract as internal', async () => {
    const result = await prepareWith(
      async () => ({ prepared: 'yes' }) as unknown as { prepared: boolean },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('internal');
  });
});
