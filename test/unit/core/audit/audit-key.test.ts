import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodedFailure } from '../../../../main/core/coded-failure';
import { loadAuditKey } from '../../../../main/core/audit/audit-key';
import { loadAuditSigner } from '../../../../main/core/audit/audit-signing-key';
import { createAuditTrail, type AuditTrail } from '../../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../../main/core/audit/sqlite-audit-store';
import { openSecurityDatabase } from '../../../../main/core/operators/security-database';
import type { SecretCipher } from '../../../../main/core/settings/settings-storage';
import { createMemoryCipher } from '../../../../main/preview/memory-cipher';

let dir: string;
let db: DatabaseSync;
const clock = { now: () => 1_700_000_000_000 };
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const path = () => join(dir, 'security.sqlite');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-key-'));
  db = openSecurityDatabase(path(), 0);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What openSecurity does at start: both keys, then a trail writing a few rows. */
async function startTrail(cipher: SecretCipher) {
  const store = createSqliteAuditStore(db);
  const { key, protected: keyProtected } = await loadAuditKey(store, cipher, logger);
  const signer = await loadAuditSigner(store, cipher, logger, (store.last()?.seq ?? 0) + 1);
  const trail = createAuditTrail({ store, key, clock, signer });
  trail.record('app-started');
  trail.record('sign-in', { operatorId: 'amal' });
  return { store, key, keyProtected, signer, trail };
}

const refusal = (trail: AuditTrail) => {
  try {
    trail.verify();
    return null;
  } catch (error) {
    return error instanceof CodedFailure ? error.code : String(error);
  }
};

/** security.sqlite with its WAL, as someone with the disk reads it. */
function fileBytes(): Buffer {
  db.close();
  const parts = [path(), `${path()}-wal`].filter(existsSync).map((file) => readFileSync(file));
  db = openSecurityDatabase(path(), 0);
  return Buffer.concat(parts);
}

const spellings = (secret: Buffer) => [
  secret,
  Buffer.from(secret.toString('base64')),
  Buffer.from(secret.toString('hex')),
];

describe('the audit keys without secure storage', () => {
  it('keeps both keys out of the file: no key at rest, no signer, Verify refused', async () => {
    const { store, key, keyProtected, signer, trail } = await startTrail(
      createMemoryCipher({ available: false }),
    );
    expect(keyProtected).toBe(false);
    expect(signer).toBeUndefined();
    expect(store.sealedKey()).toEqual({ sealed: '', protected: false });
    expect(store.signingKey()).toBeNull();
    expect([...store.rows()].every((row) => row.sig === null)).toBe(true);
    expect(refusal(trail)).toBe('audit-key-unprotected');
    const bytes = fileBytes();
    for (const spelling of spellings(key)) expect(bytes.includes(spelling)).toBe(false);
  });

  it('stays refused on every later start, secure storage or not: those rows cannot be vouched for', async () => {
    await startTrail(createMemoryCipher({ available: false }));
    const later = await startTrail(createMemoryCipher());
    expect(later.keyProtected).toBe(false);
    expect(refusal(later.trail)).toBe('audit-key-unprotected');
  });

  it('never uses again keys an earlier version stored in clear', async () => {
    const store = createSqliteAuditStore(db);
    const clearKey = Buffer.alloc(32, 9);
    store.saveSealedKey(clearKey.toString('base64'), false);
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    store.saveSigningKey({
      sealed: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      protected: false,
      publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      firstSeq: 1,
    });
    const { key, signer, trail } = await startTrail(createMemoryCipher());
    expect(key.equals(clearKey)).toBe(false);
    expect(signer).toBeUndefined();
    expect(refusal(trail)).toBe('audit-key-unprotected');
  });
});

describe('the audit keys with secure storage', () => {
  it('seals both keys (their bytes are not in the file), signs, and Verify answers', async () => {
    const cipher = createMemoryCipher();
    const { store, key, keyProtected, signer, trail } = await startTrail(cipher);
    expect(keyProtected).toBe(true);
    expect(signer).toBeDefined();
    expect(store.sealedKey()?.protected).toBe(true);
    expect([...store.rows()].every((row) => row.sig !== null)).toBe(true);
    expect(trail.verify()).toEqual({ rows: 2, broken: null });
    const bytes = fileBytes();
    for (const spelling of spellings(key)) expect(bytes.includes(spelling)).toBe(false);
  });
});
