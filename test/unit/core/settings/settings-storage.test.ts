import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../../shared/result';
import { defaultSettings } from '../../../../main/core/settings/defaults';
import { readStoredSettings } from '../../../../main/core/settings/settings-storage';

const credentials = { merchantPublicKey: 'key-0001-abcd', apiPasswordCiphertext: 'AAECAw==' };
const custom = {
  ...defaultSettings,
  environment: 'custom',
  customBaseUrl: 'https://gw.example.com',
};

describe('readStoredSettings', () => {
  it.each([undefined, null, {}])(
    'a never-written store (%j) is the defaults, no warning',
    (value) => {
      expect(readStoredSettings(ok(value))).toEqual({
        stored: { settings: defaultSettings, credentials: null },
        warning: null,
      });
    },
  );

  it('keeps valid settings and credentials, with the origin they are bound to', () => {
    const bound = { ...credentials, origin: 'https://api.merchant.geidea.net' };
    expect(readStoredSettings(ok({ settings: custom, credentials: bound }))).toEqual({
      stored: { settings: custom, credentials: bound },
      warning: null,
    });
  });

  it('gives a store written before bilingual receipts existed receipts in both languages', () => {
    const { bilingualReceipts: _bilingual, ...before } = custom;
    const read = readStoredSettings(ok({ settings: before }));
    expect(read.warning).toBeNull();
    expect(read.stored.settings).toEqual({ ...custom, bilingualReceipts: true });
    const off = readStoredSettings(ok({ settings: { ...custom, bilingualReceipts: false } }));
    expect(off.stored.settings.bilingualReceipts).toBe(false);
  });

  it('gives a store written before printing settings existed their defaults, no reset', () => {
    const { printing: _printing, ...firstRelease } = custom;
    const bound = { ...credentials, origin: 'https://gw.example.com' };
    expect(readStoredSettings(ok({ settings: firstRelease, credentials: bound }))).toEqual({
      stored: { settings: { ...custom, printing: defaultSettings.printing }, credentials: bound },
      warning: null,
    });
    const badPrinting = { ...custom, printing: { ...custom.printing, customerCopies: 0 } };
    expect(readStoredSettings(ok({ settings: badPrinting })).warning).toBe('settings-reset');
  });

  it('gives a store written before the store country existed Saudi Arabia, no reset', () => {
    const { merchantCountry: _country, ...before } = { ...custom, merchantCountry: 'AE' };
    expect(readStoredSettings(ok({ settings: before })).stored.settings.merchantCountry).toBe('SA');
    const uae = readStoredSettings(ok({ settings: { ...custom, merchantCountry: 'AE' } }));
    expect(uae).toMatchObject({ stored: { settings: { merchantCountry: 'AE' } }, warning: null });
  });

  it('binds credentials stored before binding to the gateway the stored settings select', () => {
    expect(readStoredSettings(ok({ settings: custom, credentials }))).toEqual({
      stored: {
        settings: custom,
        credentials: { ...credentials, origin: 'https://gw.example.com' },
      },
      warning: null,
    });
    // In Training no gateway is selected: nothing to bind them to, so they are not kept.
    expect(readStoredSettings(ok({ settings: defaultSettings, credentials })).stored).toEqual({
      settings: defaultSettings,
      credentials: null,
    });
  });

  it('ignores keys the store adds for its own bookkeeping', () => {
    const read = readStoredSettings(ok({ settings: custom, credentials, __internal__: { x: 1 } }));
    expect(read.warning).toBeNull();
  });

  it.each([
    ['an unreadable file', err('unreadable' as const)],
    ['a string', ok('{"settings":')],
    ['an array', ok([defaultSettings])],
    ['a wrong environment', ok({ settings: { ...defaultSettings, environment: 'prod' } })],
    ['a number for the language', ok({ settings: { ...defaultSettings, language: 7 } })],
    ['an unknown country', ok({ settings: { ...defaultSettings, merchantCountry: 'XX' } })],
    ['a lower-case country', ok({ settings: { ...defaultSettings, merchantCountry: 'sa' } })],
    ['a missing field', ok({ settings: { ...defaultSettings, returnHost: undefined } })],
    ['an unknown field', ok({ settings: { ...defaultSettings, debug: true } })],
    [
      'an http custom gateway',
      ok({ settings: { ...custom, customBaseUrl: 'http://evil.example' } }),
    ],
    [
      'a return host with a path',
      ok({ settings: { ...defaultSettings, returnHost: 'a.example/x' } }),
    ],
    ['a huge string', ok({ settings: { ...defaultSettings, returnHost: 'a'.repeat(1_000_000) } })],
    ['a prototype key', ok(JSON.parse('{"settings":{"__proto__":{"environment":"custom"}}}'))],
  ])('%s resets settings to the defaults with a warning', (_name, read) => {
    const result = readStoredSettings(read);
    expect(result.stored.settings).toEqual(defaultSettings);
    expect(result.warning).toBe('settings-reset');
  });

  it.each([
    ['not base64', { ...credentials, apiPasswordCiphertext: 'plain password!' }],
    ['an empty key', { ...credentials, merchantPublicKey: '' }],
    ['a plain-text password field', { merchantPublicKey: 'k', apiPassword: 'secret' }],
    ['a number', 42],
  ])('credentials with %s are dropped with a warning, settings kept', (_name, bad) => {
    const result = readStoredSettings(ok({ settings: custom, credentials: bad }));
    expect(result).toEqual({
      stored: { settings: custom, credentials: null },
      warning: 'settings-reset',
    });
  });

  it('does not pollute Object.prototype', () => {
    readStoredSettings(ok(JSON.parse('{"__proto__":{"polluted":true},"settings":{}}')));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
