import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import type { SecretCipher } from '../../../main/core/settings/settings-storage';
import { createMemoryCipher } from '../../../main/preview/memory-cipher';
import {
  codeOf,
  frictionlessSale as sale,
  startTestCore,
  valueOf as value,
} from '../../support/test-core';

/**
 * A counter whose operating system offers no secure storage for secrets (what Linux's
 * plain-text backend looks like to safeStorage), through the whole core: it starts and sells
 * in Training mode, and refuses, by code, everything that would keep a secret unprotected.
 */

const storePassword = 'Store-pw-never-in-clear-91';
const apiPassword = 'Api-pw-never-in-clear-37';
let dataDir: string;
let cores: Core[];

async function start(cipher: SecretCipher): Promise<Core> {
  const core = await startTestCore({ dataDir, secretCipher: cipher });
  cores.push(core);
  return core;
}

/** Every byte of every file in the data folder (journals with their WAL, settings, log). */
function everyFile(dir: string): Buffer {
  return Buffer.concat(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name))),
  );
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-no-secure-storage-'));
  cores = [];
});
afterEach(async () => {
  for (const core of cores) await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('no secure storage for secrets: refuse, never degrade', () => {
  it('starts and sells in Training mode; audit Verify, store mode and credentials are refused; no secret is written', async () => {
    const core = await start(createMemoryCipher({ available: false }));
    expect(await value(core, 'settingsGet', {})).toMatchObject({
      settings: { environment: 'training' },
      secureStorageAvailable: false,
    });
    expect(await value(core, 'salePay', sale('NOSAFE-1'))).toMatchObject({ outcome: 'paid' });

    expect(await codeOf(core, 'auditVerify', {})).toBe('audit-key-unprotected');
    const connection = {
      host: '127.0.0.1',
      port: 5432,
      database: 'paydesk',
      user: 'paydesk_counter_A',
      tls: 'off' as const,
      counterId: 'A',
      counterName: 'Front',
    };
    for (const password of [storePassword, null]) {
      expect(await codeOf(core, 'storeConfigure', { connection, password })).toBe(
        'secure-storage-unavailable',
      );
    }
    expect(existsSync(join(dataDir, 'store.json'))).toBe(false);

    await value(core, 'operatorsEnable', {
      operatorId: 'amal',
      displayName: 'Amal',
      secret: '246810',
    });
    await value(core, 'settingsUpdate', { environment: 'ksa' });
    expect(await codeOf(core, 'credentialsSet', { merchantPublicKey: 'key', apiPassword })).toBe(
      'secure-storage-unavailable',
    );
    await core.close();
    cores = [];

    // Neither key was kept: the HMAC key's row is the empty mark, no signing key at all.
    const db = new DatabaseSync(join(dataDir, 'security.sqlite'), { readOnly: true });
    try {
      expect(db.prepare('SELECT sealed, protected FROM audit_key').all()).toEqual([
        { sealed: '', protected: 0 },
      ]);
      expect(db.prepare('SELECT count(*) AS n FROM audit_signing_key').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT count(*) AS n FROM audit WHERE sig IS NOT NULL').get()).toEqual({
        n: 0,
      });
    } finally {
      db.close();
    }
    const files = everyFile(dataDir);
    for (const secret of [storePassword, apiPassword]) {
      expect(files.includes(secret)).toBe(false);
      expect(files.includes(Buffer.from(secret).toString('base64'))).toBe(false);
    }
  });

  it('what was written without protection is never vouched for, even once secure storage is there', async () => {
    await start(createMemoryCipher({ available: false }));
    for (const core of cores) await core.close();
    cores = [];
    const core = await start(createMemoryCipher());
    expect(await codeOf(core, 'auditVerify', {})).toBe('audit-key-unprotected');
  });

  it('with secure storage the same start verifies (the refusal above is the missing storage)', async () => {
    const cipher = createMemoryCipher();
    await start(cipher);
    for (const core of cores) await core.close();
    cores = [];
    const core = await start(cipher);
    expect(await value(core, 'auditVerify', {})).toMatchObject({ broken: null });
  });
});
