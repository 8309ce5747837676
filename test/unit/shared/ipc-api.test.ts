import { describe, expect, it, vi } from 'vitest';
import { buildPaydeskApi, type IpcTransport } from '../../../shared/ipc-api';
import { ipcContract, ipcEvents } from '../../../shared/ipc';

function transport(overrides: Partial<IpcTransport> = {}): IpcTransport {
  return {
    invoke: vi.fn(async () => ({ ok: true, value: { prepared: true } })),
    on: vi.fn(() => () => undefined),
    ...overrides,
  };
}

describe('buildPaydeskApi', () => {
  it('has one method per contract entry plus on, and is frozen', () => {
    const api = buildPaydeskApi(transport());
    expect(Object.keys(api).sort()).toEqual([...Object.keys(ipcContract), 'on'].sort());
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes the contract channel with the request as given', async () => {
    const t = transport();
    const api = buildPaydeskApi(t);
    const result = await api.salePrepare({ amount: '5.00', currency: 'SAR' });
    expect(t.invoke).toHaveBeenCalledWith('sale:prepare', { amount: '5.00', currency: 'SAR' });
    expect(result).toEqual({ ok: true, value: { prepared: true } });
  });

  it('turns a failing transport into a typed error instead of a rejection', async () => {
    const api = buildPaydeskApi(
      transport({ invoke: vi.fn(async () => Promise.reject(new Error('bridge down'))) }),
    );
    await expect(api.appInfo({})).resolves.toEqual({
      ok: false,
      error: { code: 'ipc-failed' },
    });
  });

  it('subscribes to the event channel and returns the unsubscribe function', () => {
    const off = vi.fn();
    const t = transport({ on: vi.fn(() => off) });
    const listener = vi.fn();
    const unsubscribe = buildPaydeskApi(t).on('saleProgress', listener);
    expect(t.on).toHaveBeenCalledWith(ipcEvents.saleProgress.channel, listener);
    unsubscribe();
    expect(off).toHaveBeenCalled();
  });

  it('refuses an unknown event name', () => {
    const api = buildPaydeskApi(transport());
    expect(() => api.on('nope' as 'saleProgress', vi.fn())).toThrow(/Unknown event/);
  });
});
