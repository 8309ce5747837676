import { describe, expect, it } from 'vitest';
import { ok } from '../../../../shared/result';
import { CodedFailure } from '../../../../main/core/coded-failure';
import {
  createSettingsService,
  type SettingsAuditEntry,
} from '../../../../main/core/settings/settings-service';
import type {
  SettingsStorage,
  StoredSettings,
} from '../../../../main/core/settings/settings-storage';
import { createMemoryCipher } from '../../../../main/preview/memory-cipher';
import { cardForms } from '../../../support/card-forms';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const key = { merchantPublicKey: 'key-0001', apiPassword: 'the-api-password' };

function service(pending: string[] = []) {
  const writes: StoredSettings[] = [];
  const audit: SettingsAuditEntry[] = [];
  const storage: SettingsStorage = {
    read: () => (writes.length ? ok(structuredClone(writes.at(-1))) : ok(undefined)),
    write: (value) => void writes.push(structuredClone(value)),
  };
  const settings = createSettingsService({
    storage,
    cipher: createMemoryCipher(),
    logger: silent,
    pendingOnGateway: () => pending,
    audit: (entry) => void audit.push(entry),
  });
  return { settings, writes, audit, pending };
}

const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodedFailure);
  return (error as CodedFailure).code;
};

describe('credentials bound to the gateway origin they were saved for', () => {
  it('are refused while no live gateway is selected (Training)', async () => {
    const { settings, writes } = service();
    expect(await codeOf(settings.setCredentials(key))).toBe('credentials-need-gateway');
    expect(writes).toHaveLength(0);
  });

  it('carry the origin to the engine and show it in Settings', async () => {
    const { settings } = service();
    await settings.update({ environment: 'custom', customBaseUrl: 'https://GW.example.com:8443/' });
    const view = await settings.setCredentials(key);
    expect(view.credentialsOrigin).toBe('https://gw.example.com:8443');
    expect(view.settings.customBaseUrl).toBe('https://gw.example.com:8443');
    expect(await settings.storedCredentials()).toMatchObject({
      origin: 'https://gw.example.com:8443',
    });
  });

  it('are cleared when the environment or custom URL moves to another origin, and audited', async () => {
    const { settings, audit } = service();
    await settings.update({ environment: 'ksa' });
    await settings.setCredentials(key);
    // Training uses none, so they wait; back on their own gateway they are still there.
    await settings.update({ environment: 'training' });
    await settings.update({ environment: 'ksa' });
    expect((await settings.view()).credentialsConfigured).toBe(true);
    await settings.update({ environment: 'custom', customBaseUrl: 'https://attacker.example' });
    expect((await settings.view()).credentialsConfigured).toBe(false);
    expect(await settings.storedCredentials()).toBeNull();
    expect(audit).toEqual([
      {
        change: 'gateway',
        from: 'none:training-selected',
        to: 'https://api.ksamerchant.geidea.net',
        credentialsCleared: false,
      },
      {
        change: 'credentials',
        from: null,
        to: 'https://api.ksamerchant.geidea.net',
        credentialsCleared: false,
      },
      {
        change: 'gateway',
        from: 'https://api.ksamerchant.geidea.net',
        to: 'none:training-selected',
        credentialsCleared: false,
      },
      {
        change: 'gateway',
        from: 'none:training-selected',
        to: 'https://api.ksamerchant.geidea.net',
        credentialsCleared: false,
      },
      {
        change: 'gateway',
        from: 'https://api.ksamerchant.geidea.net',
        to: 'https://attacker.example',
        credentialsCleared: true,
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain('the-api-password');
  });

  it('are cleared by a new custom URL, even on the same environment', async () => {
    const { settings } = service();
    await settings.update({ environment: 'custom', customBaseUrl: 'https://gw.example.com' });
    await settings.setCredentials(key);
    await settings.update({ customBaseUrl: 'https://gw.example.com:444' });
    expect(await settings.storedCredentials()).toBeNull();
  });

  it('lock the gateway while payments on it are pending or in doubt, and Settings names them', async () => {
    const { settings, pending, writes } = service();
    await settings.update({ environment: 'ksa' });
    await settings.setCredentials(key);
    pending.push('PD-INV-1', 'PD-INV-2');
    const before = writes.length;
    expect((await settings.view()).gatewayBusy).toEqual(['PD-INV-1', 'PD-INV-2']);
    for (const change of [
      { environment: 'uae' as const },
      { environment: 'training' as const },
      { environment: 'custom' as const, customBaseUrl: 'https://gw.example.com' },
    ]) {
      expect(await codeOf(settings.update(change)), JSON.stringify(change)).toBe(
        'settings-gateway-busy',
      );
    }
    expect(await codeOf(settings.setCredentials(key))).toBe('settings-gateway-busy');
    expect(writes).toHaveLength(before);
    // Anything else still saves.
    expect((await settings.update({ language: 'ar' })).settings.language).toBe('ar');
    pending.length = 0;
    expect((await settings.update({ environment: 'uae' })).credentialsConfigured).toBe(false);
  });
});

describe('operator texts in settings', () => {
  it('refuses a card number in any form, or a bidi control, in the texts and the public key', async () => {
    const { settings, writes } = service();
    await settings.update({ environment: 'ksa' });
    const saved = writes.length;
    const header = { merchantName: 'Dar', address: 'Riyadh', vatNumber: '300000000000003' };
    for (const [name, text] of [
      ...cardForms('5123450000000008'),
      ['bidi', 'Dar \u202eRAD'] as [string, string],
    ]) {
      const code = name === 'bidi' ? 'text-bidi-control' : 'text-card-number';
      for (const receiptHeader of [
        { ...header, merchantName: text },
        { ...header, address: `St ${text}` },
        { ...header, vatNumber: text.slice(0, 32) },
      ]) {
        expect(await codeOf(settings.update({ receiptHeader })), name).toBe(code);
      }
      // A key with white space in it is refused as malformed before it is looked at.
      expect([code, 'credentials-invalid'], name).toContain(
        await codeOf(settings.setCredentials({ ...key, merchantPublicKey: text })),
      );
    }
    expect(writes).toHaveLength(saved);
    // A real Saudi VAT number (15 digits) is not a card.
    expect((await settings.update({ receiptHeader: header })).settings.receiptHeader).toEqual(
      header,
    );
  });
});
