import './support/electron-store-hook';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodedFailure } from '../../main/core/coded-failure';
import { defaultSettings } from '../../main/core/settings/defaults';
import { createSettingsService } from '../../main/core/settings/settings-service';
import { createSafeStorageCipher } from '../../main/electron/secret-cipher';
import { createElectronSettingsStorage } from '../../main/electron/settings-store';
import { ipcMain, safeStorage } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let dir: string;
const file = () => join(dir, 'settings.json');
const open = (platform: NodeJS.Platform = 'linux') =>
  createSettingsService({
    storage: createElectronSettingsStorage({ cwd: dir, now: () => 1_700_000_000_000 }),
    cipher: createSafeStorageCipher(platform),
    logger,
  });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-settings-'));
  safeStorage.backend = 'gnome_libsecret';
  safeStorage.available = true;
  safeStorage.keyRotated = false;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('settings in electron-store', () => {
  it('starts on Training defaults and persists a change to settings.json', async () => {
    const service = open();
    expect(await service.view()).toMatchObject({ settings: defaultSettings, warning: null });
    await service.update({
      environment: 'ksa',
      language: 'ar',
      receiptHeader: { merchantName: 'Corner Shop', address: '', vatNumber: '' },
    });
    const onDisk = JSON.parse(readFileSync(file(), 'utf8')) as {
      settings: { environment: string };
    };
    expect(onDisk.settings.environment).toBe('ksa');
    expect(open().current()).toMatchObject({ environment: 'ksa', language: 'ar' });
  });

  it('survives a corrupt file: defaults, a warning, the file kept aside, and saving works again', async () => {
    writeFileSync(file(), '{"settings": {"environment": "ksa",');
    const service = open();
    const view = await service.view();
    expect(view.settings).toEqual(defaultSettings);
    expect(view.warning).toBe('settings-reset');
    expect(readdirSync(dir)).toContain('settings.json.corrupt-1700000000000');
    expect(readFileSync(join(dir, 'settings.json.corrupt-1700000000000'), 'utf8')).toContain(
      '"ksa",',
    );
    expect((await service.update({ language: 'ar' })).warning).toBeNull();
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({
      settings: { language: 'ar' },
    });
  });

  it.each([
    ['wrong types', { settings: { ...defaultSettings, environment: 5, language: ['en'] } }],
    [
      'a tampered gateway',
      {
        settings: {
          ...defaultSettings,
          environment: 'custom',
          customBaseUrl: 'http://evil.example',
        },
      },
    ],
    ['a settings array', { settings: [] }],
    [
      'plain-text credentials',
      { settings: defaultSettings, credentials: { merchantPublicKey: 'k', apiPassword: 'p' } },
    ],
  ])('answers %s with the defaults and a warning, never a crash', async (_name, content) => {
    writeFileSync(file(), JSON.stringify(content));
    const view = await open().view();
    expect(view.warning).toBe('settings-reset');
    expect(view.credentialsConfigured).toBe(false);
    expect(view.settings).toEqual(defaultSettings);
  });
});

describe('electron-store under our IPC contract', () => {
  it('leaves no ipcMain listener of its own behind', () => {
    open();
    // Its constructor registers 'electron-store-get-data' (once per process); it is gone.
    expect(ipcMain.everListened).toContain('electron-store-get-data');
    expect(ipcMain.listeners.get('electron-store-get-data') ?? []).toEqual([]);
  });
});

describe('credentials through safeStorage', () => {
  it('stores the password again under a rotated OS key, as safeStorage asks', async () => {
    const first = open();
    await first.update({ environment: 'ksa' });
    await first.setCredentials({ merchantPublicKey: 'key-1', apiPassword: 'rotate-me' });
    const ciphertext = () =>
      Buffer.from(
        (
          JSON.parse(readFileSync(file(), 'utf8')) as {
            credentials: { apiPasswordCiphertext: string };
          }
        ).credentials.apiPasswordCiphertext,
        'base64',
      ).toString('utf8');
    expect(ciphertext()).toMatch(/^v10/);
    safeStorage.keyRotated = true;
    const service = open();
    expect(await service.storedCredentials()).toMatchObject({
      merchantPublicKey: 'key-1',
      apiPassword: 'rotate-me',
    });
    expect(ciphertext()).toMatch(/^v11/);
    expect(await open().storedCredentials()).toMatchObject({ apiPassword: 'rotate-me' });
  });

  it('stores only ciphertext, shows only a key hint, and decrypts at call time', async () => {
    const service = open();
    await service.update({ environment: 'egypt' });
    const view = await service.setCredentials({
      merchantPublicKey: 'f0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
      apiPassword: 'live-api-password',
    });
    expect(view).toMatchObject({
      credentialsConfigured: true,
      keyHint: '3a4b',
      secureStorageAvailable: true,
    });
    const onDisk = readFileSync(file(), 'utf8');
    expect(onDisk).not.toContain('live-api-password');
    const stored = JSON.parse(onDisk) as { credentials: { apiPasswordCiphertext: string } };
    const ciphertext = Buffer.from(stored.credentials.apiPasswordCiphertext, 'base64');
    expect((await safeStorage.decryptStringAsync(ciphertext)).result).toBe('live-api-password');
    expect(await open().storedCredentials()).toEqual({
      merchantPublicKey: 'f0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a4b',
      apiPassword: 'live-api-password',
      origin: 'https://api.merchant.geidea.net',
    });
  });

  it('refuses to store the password on Linux when only basic_text exists, and says why', async () => {
    safeStorage.backend = 'basic_text';
    const service = open('linux');
    await service.update({ environment: 'ksa' });
    expect((await service.view()).secureStorageAvailable).toBe(false);
    const error = await service
      .setCredentials({ merchantPublicKey: 'k', apiPassword: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedFailure);
    expect(error).toMatchObject({ code: 'secure-storage-unavailable' });
    expect(existsSync(file()) ? readFileSync(file(), 'utf8') : '').not.toContain('"p"');
  });

  it('does not apply the Linux backend rule elsewhere, but still asks the OS', async () => {
    safeStorage.backend = 'basic_text';
    expect(await createSafeStorageCipher('darwin').isAvailable()).toBe(true);
    safeStorage.available = false;
    expect(await createSafeStorageCipher('win32').isAvailable()).toBe(false);
  });
});
