import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { registerCounter } from '../../../main/core/store/counters';
import { createCounterRole } from '../../../main/core/store/security/counter-roles';
import { createMemoryCipher } from '../../../main/preview/memory-cipher';
import { startFakePgServer, type FakePgServer } from '../../support/fake-pg-server';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { codeOf, startTestCore, valueOf as value } from '../../support/test-core';
import { coreDirs, removeCoreDirs, until } from './store-core';
import { migratedStore } from './store-counter';

/**
 * The store password is bound to the server it was saved for (host, port, database, user,
 * TLS mode, CA), through the whole core: a counter connecting as its own role, over a cluster
 * that checks that role's password with SCRAM, and a fake server standing on another
 * loopback address that records whether any client proved a password to it.
 */
const skip = pgSkipReason();
if (skip !== null) console.warn(`store password binding tests skipped: ${skip}`);

const password = 'Pinned-counter-pw-41';
// One OS key for every start of the counter, as the real safeStorage has.
const cipher = createMemoryCipher();

let cluster: PgCluster;
let dataDir: string;
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster({ scramForRoles: true });
  const url = await cluster.createDatabase('binding');
  await migratedStore(url);
  const owner = new pg.Pool({ connectionString: url, max: 1 });
  await registerCounter(owner, { counterId: 'P', name: 'Pinned' });
  await createCounterRole(owner, 'P', password);
  await owner.end();
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-store-binding-'));
  coreDirs.push(dataDir);
});
afterAll(() => {
  cluster?.destroy();
  removeCoreDirs();
});

const connection = () => ({
  host: '127.0.0.1',
  port: cluster.port,
  database: 'binding',
  user: 'paydesk_counter_P',
  tls: 'off' as const,
  counterId: 'P',
  counterName: 'Pinned',
});
const storeFile = () => join(dataDir, 'store.json');
const editStoreFile = (change: (connection: Record<string, unknown>) => void) => {
  const stored = JSON.parse(readFileSync(storeFile(), 'utf8')) as {
    connection: Record<string, unknown>;
  };
  change(stored.connection);
  writeFileSync(storeFile(), JSON.stringify(stored));
};
const startCounter = () => startTestCore({ dataDir, secretCipher: cipher });

/** Waits until some connection to `fake` asked for a password and is over. */
const answeredOnce = (fake: FakePgServer) =>
  until(() => fake.connections().some((c) => c.closed && c.passwordMessages.length > 0));

describe.skipIf(skip !== null)('the store password is bound to its server', () => {
  it('a host changed in store.json drops the password: no connection to the new host proves it', async () => {
    let core: Core = await startCounter();
    let fake: FakePgServer | null = null;
    try {
      await value(core, 'storeConfigure', { connection: connection(), password });
      // The password is right: the cluster checks it through SCRAM and lets the counter in.
      await until(() => core.store.status().state === 'online');

      // Saving another server without typing the password again is refused, and changes nothing.
      for (const other of [
        { host: 'localhost' },
        { port: cluster.port + 1 },
        { database: 'postgres' },
        { user: 'paydesk_counter_Q' },
        { caPem: '-----BEGIN CERTIFICATE-----' },
      ]) {
        expect(
          await codeOf(core, 'storeConfigure', {
            connection: { ...connection(), ...other },
            password: null,
          }),
        ).toBe('store-password-required');
      }
      expect(JSON.parse(readFileSync(storeFile(), 'utf8')).connection).toEqual(connection());
      await core.close();

      // Someone edits the host by hand, to an address they answer on (same port).
      fake = await startFakePgServer('scram', { host: '127.0.0.2', port: cluster.port });
      editStoreFile((stored) => {
        stored.host = '127.0.0.2';
      });
      core = await startCounter();
      expect((await value(core, 'storeSettings', {})).passwordSet).toBe(false);
      expect(JSON.parse(readFileSync(storeFile(), 'utf8')).passwordCiphertext).toBeNull();
      const audit = await value(core, 'auditSearch', { filters: {}, beforeSeq: null, limit: 20 });
      expect(audit.rows.map((row) => row.detail)).toContainEqual(
        expect.stringMatching(/^password dropped: not saved for host=127\.0\.0\.2$/),
      );
      // The counter still tries the new host (as the file says), but without the password.
      await answeredOnce(fake);
      expect(fake.connections().every((c) => c.user === 'paydesk_counter_P')).toBe(true);
      expect(fake.connections().some((c) => c.scramProofSent)).toBe(false);
      expect(Buffer.concat(fake.connections().map((c) => c.bytes)).includes(password)).toBe(false);

      // Only an admin typing it again for that server sends it there (the fake server does see
      // a proof then, so the check above would have caught one).
      await value(core, 'storeConfigure', {
        connection: { ...connection(), host: '127.0.0.2' },
        password,
      });
      await until(() => fake!.connections().some((c) => c.scramProofSent));
    } finally {
      await core.close();
      await fake?.close();
    }
  }, 60_000);

  it('TLS off is refused for a server off this computer, when saved and when hand-edited into the file', async () => {
    let core: Core = await startCounter();
    try {
      for (const host of ['192.0.2.10', 'db.example.com', '::ffff:10.0.0.1', '127.0.0.1.nip.io']) {
        expect(
          await codeOf(core, 'storeConfigure', {
            connection: { ...connection(), host },
            password,
          }),
        ).toBe('store-tls-required');
      }
      await value(core, 'storeConfigure', { connection: connection(), password });
      await core.close();

      editStoreFile((stored) => {
        stored.host = '192.0.2.10';
      });
      core = await startCounter();
      expect(core.store.status().state).toBe('off');
      const log = readFileSync(join(dataDir, 'paydesk.log'), 'utf8');
      expect(log).toMatch(/store not connected at start.*store-tls-required/);
    } finally {
      await core.close();
    }
  }, 60_000);
});
