import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../../../../shared/result';
import { CodedFailure } from '../../../../main/core/coded-failure';
import type { Logger } from '../../../../main/core/ports';
import { defaultSettings } from '../../../../main/core/settings/defaults';
import { createSettingsService } from '../../../../main/core/settings/settings-service';
import type {
  SettingsStorage,
  StoredSettings,
} from '../../../../main/core/settings/settings-storage';
import { createMemoryCipher } from '../../../../main/preview/memory-cipher';

function memoryStorage(initial: Result<unknown, 'unreadable'> = ok(undefined)) {
  const writes: StoredSettings[] = [];
  const storage: SettingsStorage = {
    read: () => (writes.length ? ok(structuredClone(writes.at(-1))) : initial),
    write: (value) => void writes.push(structuredClone(value)),
  };
  return { storage, writes };
}

function logs() {
  const lines: string[] = [];
  const logger: Logger = {
    info: (m) => void lines.push(m),
    warn: (m) => void lines.push(m),
    error: (m) => void lines.push(m),
  };
  return { logger, lines };
}

const failureCode = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodedFailure);
  return (error as CodedFailure).code;
};

describe('settings service', () => {
  it('starts in Training mode with nothing configured', async () => {
    const service = createSettingsService({
      ...memoryStorage(),
      cipher: createMemoryCipher(),
      ...logs(),
    });
    expect(await service.view()).toEqual({
      settings: defaultSettings,
      credentialsConfigured: false,
      keyHint: null,
      credentialsOrigin: null,
      credentialsTestedAt: null,
      gatewayBusy: [],
      warning: null,
      secureStorageAvailable: true,
    });
    expect(service.current().environment).toBe('training');
  });

  it('saves a valid update, normalised, notifies listeners and persists it', async () => {
    const { storage, writes } = memoryStorage();
    const service = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    const seen: string[] = [];
    service.onChange((view) => seen.push(view.settings.environment));
    const view = await service.update({
      environment: 'custom',
      customBaseUrl: 'https://gw.example.com/',
      receiptHeader: { merchantName: 'Corner Shop', address: '', vatNumber: '' },
    });
    expect(view.settings.customBaseUrl).toBe('https://gw.example.com');
    expect(seen).toEqual(['custom']);
    expect(writes.at(-1)?.settings.environment).toBe('custom');
    const reopened = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    expect(reopened.current()).toEqual(view.settings);
  });

  it('refuses an invalid update and keeps what was there', async () => {
    const { storage, writes } = memoryStorage();
    const service = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    expect(
      await failureCode(
        service.update({ environment: 'custom', customBaseUrl: 'http://x.example' }),
      ),
    ).toBe('settings-custom-url-invalid');
    expect(await failureCode(service.update({ returnHost: 'localhost' }))).toBe(
      'settings-return-host-invalid',
    );
    expect(await failureCode(service.update({ amountCap: '0' }))).toBe(
      'settings-amount-cap-invalid',
    );
    expect(writes).toHaveLength(0);
    expect(service.current()).toEqual(defaultSettings);
  });

  it('encrypts the API password, shows only a key hint, and decrypts it at call time', async () => {
    const { storage, writes } = memoryStorage();
    const service = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    await service.update({ environment: 'ksa' });
    const view = await service.setCredentials({
      merchantPublicKey: ' 0f1e2d3c-aaaa-bbbb-cccc-1234567890ab ',
      apiPassword: 'the-api-password',
    });
    expect(view).toMatchObject({ credentialsConfigured: true, keyHint: '90ab' });
    expect(JSON.stringify(view)).not.toContain('the-api-password');
    expect(JSON.stringify(writes)).not.toContain('the-api-password');
    expect(await service.storedCredentials()).toEqual({
      merchantPublicKey: '0f1e2d3c-aaaa-bbbb-cccc-1234567890ab',
      apiPassword: 'the-api-password',
      origin: 'https://api.ksamerchant.geidea.net',
    });
  });

  it('refuses to store the password where only plain-text storage exists', async () => {
    const { storage, writes } = memoryStorage();
    const cipher = createMemoryCipher({ available: false });
    const service = createSettingsService({ storage, cipher, ...logs() });
    await service.update({ environment: 'uae' });
    expect((await service.view()).secureStorageAvailable).toBe(false);
    expect(
      await failureCode(service.setCredentials({ merchantPublicKey: 'k', apiPassword: 'p' })),
    ).toBe('secure-storage-unavailable');
    expect(writes).toHaveLength(1);
  });

  it.each([
    { merchantPublicKey: '', apiPassword: 'p' },
    { merchantPublicKey: '   ', apiPassword: 'p' },
    { merchantPublicKey: 'a b', apiPassword: 'p' },
    { merchantPublicKey: 'k', apiPassword: '' },
  ])('refuses incomplete credentials %j', async (input) => {
    const service = createSettingsService({
      ...memoryStorage(),
      cipher: createMemoryCipher(),
      ...logs(),
    });
    expect(await failureCode(service.setCredentials(input))).toBe('credentials-invalid');
  });

  it('treats a password another machine encrypted as absent, and says so in the log', async () => {
    const { storage } = memoryStorage();
    const first = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    await first.update({ environment: 'ksa' });
    await first.setCredentials({ merchantPublicKey: 'key-1234', apiPassword: 'secret' });
    const { logger, lines } = logs();
    const elsewhere = createSettingsService({ storage, cipher: createMemoryCipher(), logger });
    expect((await elsewhere.view()).credentialsConfigured).toBe(true);
    expect(await elsewhere.storedCredentials()).toBeNull();
    expect(lines.join('\n')).toContain('could not be decrypted');
  });

  it('shows the reset warning for an unreadable store until the next save', async () => {
    const { storage } = memoryStorage({ ok: false, error: 'unreadable' });
    const service = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    expect((await service.view()).warning).toBe('settings-reset');
    expect(service.current()).toEqual(defaultSettings);
    expect((await service.update({ language: 'ar' })).warning).toBeNull();
  });

  it('reports a failed write as settings-save-failed and keeps the old settings', async () => {
    const storage: SettingsStorage = {
      read: () => ok(undefined),
      write: () => {
        throw new Error('ENOSPC');
      },
    };
    const service = createSettingsService({ storage, cipher: createMemoryCipher(), ...logs() });
    expect(await failureCode(service.update({ language: 'ar' }))).toBe('settings-save-failed');
    expect(service.current().language).toBe('en');
  });
});
