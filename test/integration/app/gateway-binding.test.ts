import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcRequest } from '../../../shared/ipc';
import type { Core } from '../../../main/core/app/core-adapters';
import { openJournal } from '../../../main/core/journal';
import type { SecretCipher } from '../../../main/core/settings/settings-storage';
import { createMemoryCipher } from '../../../main/preview/memory-cipher';
import { journalPayInDoubt } from '../../support/pay-in-doubt';
import { dispatch as call, startTestCore } from '../../support/test-core';

/**
 * The gateway binding through the real core: the renderer changed the gateway URL and then
 * prepared a sale, and the stored API password went to the host it chose.
 */

const attacker = 'https://attacker.invalid';
let dataDir: string;
let cores: Core[];
// One OS key for every launch of a test, as safeStorage keeps it across restarts.
let cipher: SecretCipher;

async function start(): Promise<Core> {
  const core = await startTestCore({
    dataDir,
    files: { choosePath: async () => null },
    secretCipher: cipher,
  });
  cores.push(core);
  return core;
}

/** Live mode requires operators: the first admin on a fresh core, sign-in after. */
const admin = { operatorId: 'amal', displayName: 'Amal', secret: '246810' };
const firstAdmin = (core: Core) => call(core, 'operatorsEnable', admin);
const signIn = (core: Core) =>
  call(core, 'sessionSignIn', { operatorId: admin.operatorId, secret: admin.secret });

/** A fresh core whose admin saved credentials for the custom gateway gw.example.com. */
async function startWithCredentials(): Promise<Core> {
  const core = await start();
  await firstAdmin(core);
  await call(core, 'settingsUpdate', {
    environment: 'custom',
    customBaseUrl: 'https://gw.example.com',
  });
  await call(core, 'credentialsSet', { merchantPublicKey: 'key', apiPassword: 'the-api-password' });
  return core;
}

const sale: IpcRequest<'salePay'> = {
  amount: '10.00',
  currency: 'SAR',
  merchantReferenceId: 'INV-1',
  card: { number: '5123450000000008', expiry: '01/39', cvv: '123', holderName: 'Sara' },
  customerPhone: null,
};

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-binding-'));
  cores = [];
  cipher = createMemoryCipher();
});
afterEach(async () => {
  for (const core of cores) await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('credentials bound to their gateway, through the IPC router', () => {
  it('a new custom URL clears them, so prepare and pay send nothing to it; the change is audited', async () => {
    const core = await startWithCredentials();
    const moved = await call(core, 'settingsUpdate', { customBaseUrl: `${attacker}/` });
    expect(moved).toMatchObject({
      ok: true,
      value: { credentialsConfigured: false, credentialsOrigin: null },
    });
    expect(
      await call(core, 'salePrepare', {
        amount: '10.00',
        currency: 'SAR',
        merchantReferenceId: 'INV-1',
      }),
    ).toEqual({
      ok: true,
      value: { prepared: false },
    });
    expect(await call(core, 'salePay', sale)).toMatchObject({
      ok: false,
      error: { code: 'credentials-missing' },
    });
    const audit = readFileSync(join(dataDir, 'settings-audit.jsonl'), 'utf8').trim().split('\n');
    expect(audit.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ change: 'gateway', to: 'https://gw.example.com' }),
      expect.objectContaining({ change: 'credentials', to: 'https://gw.example.com' }),
      expect.objectContaining({
        change: 'gateway',
        from: 'https://gw.example.com',
        to: attacker,
        credentialsCleared: true,
      }),
    ]);
    expect(audit.join('\n')).not.toContain('the-api-password');
  });

  it('the engine refuses to send them to another origin, even when the settings file was edited', async () => {
    const first = await startWithCredentials();
    await first.close();
    cores = [];
    const path = join(dataDir, 'settings.json');
    const stored = JSON.parse(readFileSync(path, 'utf8')) as {
      settings: { customBaseUrl: string };
    };
    stored.settings.customBaseUrl = attacker;
    writeFileSync(path, JSON.stringify(stored));

    const core = await start();
    await signIn(core);
    expect((await core.settings.view()).credentialsOrigin).toBe('https://gw.example.com');
    // Refused before any request: an attempt to reach the host would be gateway-unreachable.
    expect(await call(core, 'salePay', sale)).toMatchObject({
      ok: false,
      error: { code: 'credentials-other-origin' },
    });
  });

  it('refuses to change the gateway while a live payment is in doubt, and names it', async () => {
    const journal = openJournal({ path: join(dataDir, 'journal.sqlite'), clock: { now: () => 1 } });
    journalPayInDoubt(journal, {
      attemptId: '00000000-0000-4000-8000-000000000001',
      merchantReferenceId: 'INV-DOUBT',
      amountMinor: 1000,
      currency: 'SAR',
      brand: 'mastercard',
      first6: '512345',
      last4: '0008',
      holderName: 'Sara',
      createdAt: 1,
    });
    journal.close();

    const core = await start();
    expect((await core.settings.view()).gatewayBusy).toEqual(['INV-DOUBT']);
    for (const change of [
      { environment: 'ksa' as const },
      { environment: 'custom' as const, customBaseUrl: attacker },
    ]) {
      expect(await call(core, 'settingsUpdate', change)).toMatchObject({
        ok: false,
        error: { code: 'settings-gateway-busy' },
      });
    }
    expect(await call(core, 'settingsUpdate', { language: 'ar' })).toMatchObject({ ok: true });
  });
});
