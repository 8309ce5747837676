import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditTrail } from '../../../../main/core/audit/audit-trail';
import {
  auditPublicKey,
  chainLink,
  genesisLink,
  signatureHolds,
} from '../../../../main/core/audit/audit-signing';
import { loadAuditSigner } from '../../../../main/core/audit/audit-signing-key';
import { createSqliteAuditStore } from '../../../../main/core/audit/sqlite-audit-store';
import { openSecurityDatabase } from '../../../../main/core/operators/security-database';
import { createMemoryCipher } from '../../../../main/preview/memory-cipher';

let dir: string;
let db: DatabaseSync;
const key = randomBytes(32);
const clock = { now: () => 1_700_000_000_000 };
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-sign-'));
  db = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('signed audit rows', () => {
  it('rows written before the upgrade stay unsigned; the first signed link covers them', async () => {
    const store = createSqliteAuditStore(db);
    const before = createAuditTrail({ store, key, clock });
    before.record('sign-in', { operatorId: 'amal' });
    before.record('sign-out', { operatorId: 'amal' });

    const cipher = createMemoryCipher();
    const signer = (await loadAuditSigner(store, cipher, logger, (store.last()?.seq ?? 0) + 1))!;
    expect(signer.firstSeq).toBe(3);
    const after = createAuditTrail({ store, key, clock, signer });
    after.record('app-started', { detail: 'head=2' });
    after.record('sign-in', { operatorId: 'omar' });

    const rows = [...store.rows()];
    expect(rows.map((row) => row.sig === null)).toEqual([true, true, false, false]);
    // Anyone holding the rows recomputes the links; the signature holds under the public key.
    let link = genesisLink;
    for (const row of rows) link = chainLink(link, row);
    expect(rows.at(-1)!.link).toBe(link);
    const publicKey = auditPublicKey(signer.publicKey)!;
    expect(signatureHolds(publicKey, 4, link, rows.at(-1)!.sig!)).toBe(true);
    // A change to a row written before signing began breaks the first signature.
    const edited = [{ ...rows[0]!, operatorId: 'sara' }, ...rows.slice(1)];
    let editedLink = genesisLink;
    for (const row of edited.slice(0, 3)) editedLink = chainLink(editedLink, row);
    expect(signatureHolds(publicKey, 3, editedLink, rows[2]!.sig!)).toBe(false);
    // The local HMAC chain is untouched by the new columns.
    expect(after.verify()).toEqual({ rows: 4, broken: null });
  });

  it('keeps the private key sealed, and loads the same key pair again', async () => {
    const store = createSqliteAuditStore(db);
    const cipher = createMemoryCipher();
    const first = (await loadAuditSigner(store, cipher, logger, 1))!;
    const saved = store.signingKey()!;
    expect(saved).toMatchObject({ protected: true, publicKey: first.publicKey, firstSeq: 1 });
    // The sealed text is the cipher's output, not the PKCS#8 key.
    expect(saved.sealed.startsWith('MC4CAQAwBQYDK2Vw')).toBe(false);
    const again = (await loadAuditSigner(store, cipher, logger, 99))!;
    expect(again).toMatchObject({ publicKey: first.publicKey, firstSeq: 1 });
    const link = chainLink(genesisLink, {
      seq: 1,
      at: 1,
      event: 'sign-in',
      operatorId: null,
      subject: null,
      detail: null,
    });
    expect(signatureHolds(auditPublicKey(first.publicKey)!, 1, link, again.sign(1, link))).toBe(
      true,
    );
  });

  it('a file copied elsewhere (cipher cannot unseal) signs with a key that does not verify', async () => {
    const store = createSqliteAuditStore(db);
    const first = (await loadAuditSigner(store, createMemoryCipher(), logger, 1))!;
    const elsewhere = (await loadAuditSigner(store, createMemoryCipher(), logger, 1))!;
    const link = 'ab'.repeat(32);
    expect(signatureHolds(auditPublicKey(first.publicKey)!, 1, link, elsewhere.sign(1, link))).toBe(
      false,
    );
  });
});
