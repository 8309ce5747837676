import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreAuditChain } from '../../../shared/ipc-store-audit';
import type { Core } from '../../../main/core/app/core-adapters';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { loadAuditSigner } from '../../../main/core/audit/audit-signing-key';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import { publishAuditKey } from '../../../main/core/store/audit/audit-key-pins';
import { pushAuditChain } from '../../../main/core/store/audit/audit-replication';
import { registerCounter } from '../../../main/core/store/counters';
import { createCounterRole } from '../../../main/core/store/security/counter-roles';
import { createMemoryCipher } from '../../../main/preview/memory-cipher';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { migratedStore, quietLogger } from './store-counter';
import { firstAdmin, valueOf as value } from '../../support/test-core';
import { removeCoreDirs, startStoreCore as startCore, storeConnection, until } from './store-core';

const skip = pgSkipReason();
if (skip !== null) console.warn(`audit across counters tests skipped: ${skip}`);

let cluster: PgCluster;
let url: string;
let owner: pg.Pool;
let b: Core;
const dirs: string[] = [];
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster();
  url = await cluster.createDatabase('audit');
  await migratedStore(url);
  owner = new pg.Pool({ connectionString: url, max: 2 });
  b = await startCore();
  await value(b, 'storeConfigure', {
    connection: storeConnection(url, 'B'),
    password: null,
  });
  // Every counter's chains are shown only to a signed-in admin: switching operators on signs
  // the first admin in.
  await value(b, 'operatorsEnable', firstAdmin);
}, 30_000);
afterAll(async () => {
  await b?.close();
  await owner?.end();
  cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  removeCoreDirs();
});

/** Every counter's chain as B's Verify audit trail (the app's channel) reports it. */
const fromB = async (): Promise<Record<string, StoreAuditChain>> =>
  Object.fromEntries(
    (await value(b, 'auditVerifyStore', {})).chains.map((chain) => [chain.counterId, chain]),
  );
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};
const headSeq = (core: Core) => Number(core.security.audit.headText().split(':')[0]);

describe.skipIf(skip !== null)('audit across counters', () => {
  it('B finds a row changed at A, a row removed, rows cut off the end and a replaced key; the end of day records the heads', async () => {
    const a = await startCore();
    try {
      await value(a, 'storeConfigure', {
        connection: storeConnection(url, 'A'),
        password: null,
      });
      for (const operatorId of ['amal', 'omar', 'sara']) {
        a.security.audit.record('sign-in', { operatorId });
      }
      await until(async () => {
        const a1 = (await fromB()).A;
        return a1?.head?.seq === headSeq(a) && a1.key === 'pinned';
      });
    } finally {
      // A stops sending: what the store holds of its chain is what B checks from now on.
      await a.close();
    }
    const intact = (await fromB()).A!;
    expect(intact).toMatchObject({ broken: null, key: 'pinned', unsignedRows: 0 });
    expect(intact.rows).toBe(intact.head!.seq);
    expect(intact.head!.mac).toMatch(/^[0-9a-f]{16}$/);

    // The store end of day records A's head and that its chain verified, in words too.
    const { day, view } = await value(b, 'storeEndOfDay', { date: today() });
    expect(day.auditChains.find((chain) => chain.counterId === 'A')).toEqual(intact);
    const auditLines = view.sections.at(-1)!.lines;
    expect(auditLines).toContainEqual({
      label: 'Counter A (A)',
      value: `verified: entry ${intact.head!.seq}, MAC ${intact.head!.mac}, chain ${intact.head!.link}`,
    });

    // Someone with the owner's rights edits one of A's rows: B names that row.
    const row = await owner.query("SELECT * FROM store_audit WHERE counter_id = 'A' AND seq = 3");
    await owner.query(
      "UPDATE store_audit SET operator_id = 'nobody' WHERE counter_id = 'A' AND seq = 3",
    );
    // The head is still reported (with its chain value as the store now holds it).
    expect((await fromB()).A).toMatchObject({
      broken: { seq: 3, reason: 'signature' },
      rows: intact.rows,
      head: { seq: intact.head!.seq, mac: intact.head!.mac },
    });
    const tampered = await value(b, 'storeEndOfDay', { date: today() });
    expect(tampered.view.sections.at(-1)!.lines[0]!.value).toMatch(
      new RegExp(`^does not verify: entry 3 was changed: entry ${intact.head!.seq}, MAC `),
    );
    await owner.query(
      "UPDATE store_audit SET operator_id = $1 WHERE counter_id = 'A' AND seq = 3",
      [row.rows[0].operator_id],
    );
    expect((await fromB()).A).toMatchObject({ broken: null });

    // A row taken out is a gap; rows cut off the end are noticed against the head B saw.
    await owner.query("DELETE FROM store_audit WHERE counter_id = 'A' AND seq = 2");
    expect((await fromB()).A).toMatchObject({
      broken: { seq: 2, reason: 'gap' },
      rows: intact.rows - 1,
      head: { seq: intact.head!.seq },
    });
    await owner.query("DELETE FROM store_audit WHERE counter_id = 'A' AND seq > 1");
    expect((await fromB()).A).toMatchObject({ rows: 1, broken: { seq: 2, reason: 'truncated' } });

    // A public key replaced in the store is reported, and B keeps the one it pinned.
    const other = generateKeyPairSync('ed25519')
      .publicKey.export({ format: 'der', type: 'spki' })
      .toString('base64');
    await owner.query("UPDATE store_audit_keys SET public_key = $1 WHERE counter_id = 'A'", [
      other,
    ]);
    expect((await fromB()).A).toMatchObject({ key: 'changed' });
  }, 60_000);

  it('a counter upgraded with rows written before signing: reported as unsigned, then covered by its first signature', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-old-'));
    dirs.push(dir);
    const db = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
    const counter = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await registerCounter(counter, { counterId: 'OLD', name: 'Old counter' });
      const store = createSqliteAuditStore(db);
      const key = Buffer.alloc(32, 7);
      const clock = { now: () => Date.now() };
      // Before the upgrade: rows without signatures reach the store, and no key.
      const before = createAuditTrail({ store, key, clock });
      for (let i = 0; i < 3; i += 1) before.record('sign-in', { operatorId: `op${i}` });
      await pushAuditChain(counter, db, 'OLD');
      expect((await fromB()).OLD).toMatchObject({
        rows: 3,
        unsignedRows: 3,
        key: 'missing',
        broken: null,
      });
      // The upgrade: a key pair, then 1,500 signed rows (more than one checkpoint window).
      const signer = await loadAuditSigner(store, createMemoryCipher(), quietLogger, 4);
      const after = createAuditTrail({ store, key, clock, signer });
      for (let i = 0; i < 1_500; i += 1) after.record('sale-started', { subject: `s-${i}` });
      await publishAuditKey(counter, db, 'OLD', Date.now());
      while ((await pushAuditChain(counter, db, 'OLD')) > 0);
      expect((await fromB()).OLD).toMatchObject({
        rows: 1_503,
        unsignedRows: 3,
        key: 'pinned',
        broken: null,
      });
      // A row deep inside the second window is named exactly.
      await owner.query(
        "UPDATE store_audit SET subject = 'moved' WHERE counter_id = 'OLD' AND seq = 1200",
      );
      expect((await fromB()).OLD).toMatchObject({ broken: { seq: 1_200, reason: 'signature' } });
      await owner.query(
        "UPDATE store_audit SET subject = 's-1196' WHERE counter_id = 'OLD' AND seq = 1200",
      );
      // An old unsigned row changed breaks the first signature, which covers it.
      await owner.query(
        "UPDATE store_audit SET operator_id = 'op9' WHERE counter_id = 'OLD' AND seq = 1",
      );
      expect((await fromB()).OLD).toMatchObject({ broken: { seq: 4, reason: 'signature' } });
      await owner.query(
        "UPDATE store_audit SET operator_id = 'op0' WHERE counter_id = 'OLD' AND seq = 1",
      );
      // A signature stripped from a row the key must have signed.
      await owner.query("UPDATE store_audit SET sig = NULL WHERE counter_id = 'OLD' AND seq = 10");
      expect((await fromB()).OLD).toMatchObject({ broken: { seq: 10, reason: 'unsigned' } });
    } finally {
      await counter.end();
      db.close();
    }
  }, 60_000);

  it('through its own role a counter publishes its key once and sends its signed rows; it cannot publish for another or change its own', async () => {
    await registerCounter(owner, { counterId: 'R', name: 'Roles' });
    await createCounterRole(owner, 'R', 'secret-r');
    const asR = new pg.Pool({
      connectionString: url.replace('postgres@', 'paydesk_counter_R@'),
      max: 1,
    });
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-audit-role-'));
    dirs.push(dir);
    const db = openSecurityDatabase(join(dir, 'security.sqlite'), 0);
    try {
      // What R's store thread does each round, through R's role.
      const store = createSqliteAuditStore(db);
      const signer = (await loadAuditSigner(store, createMemoryCipher(), quietLogger, 1))!;
      const trail = createAuditTrail({ store, key: Buffer.alloc(32, 3), clock: Date, signer });
      trail.record('app-started');
      trail.record('sign-in', { operatorId: 'rana' });
      await publishAuditKey(asR, db, 'R', Date.now());
      await publishAuditKey(asR, db, 'R', Date.now());
      expect(await pushAuditChain(asR, db, 'R')).toBe(2);
      expect((await fromB()).R).toMatchObject({ rows: 2, key: 'pinned', broken: null });

      await expect(
        asR.query(
          "INSERT INTO store_audit_keys (counter_id, public_key, first_seq) VALUES ('A', $1, 1)",
          [signer.publicKey],
        ),
      ).rejects.toThrow(/row-level security/);
      await expect(
        asR.query("UPDATE store_audit_keys SET public_key = 'x' WHERE counter_id = 'R'"),
      ).rejects.toThrow(/permission denied/);
      await expect(
        asR.query("DELETE FROM store_audit_keys WHERE counter_id = 'R'"),
      ).rejects.toThrow(/permission denied/);
      await expect(asR.query('UPDATE store_audit SET sig = NULL')).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      db.close();
      await asR.end();
    }
  });
});
