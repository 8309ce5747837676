import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { runStoreCli } from '../../../main/core/store/store-cli';
import { storeFailureCode } from '../../../main/core/store/store-failures';
import { listenToStore } from '../../../main/core/store/store-listener';
import { createStorePool, storeClientConfig } from '../../../main/core/store/store-pool';
import { startFakePgServer, type FakePgServer } from '../../support/fake-pg-server';
import { until } from './store-core';

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const password = 'Counter-pw-7f3a';

let server: FakePgServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const address = (port: number) => ({
  host: '127.0.0.1',
  port,
  database: 'paydesk',
  user: 'paydesk_counter_A',
  tls: 'off' as const,
});

const everyByte = (fake: FakePgServer) =>
  Buffer.concat(fake.connections().map((connection) => connection.bytes));

describe('the store answers a password request only through SCRAM-SHA-256', () => {
  for (const request of ['cleartext', 'md5'] as const) {
    it(`a server asking for the password as ${request}: the pool, the LISTEN connection and the CLI fail and send it nothing`, async () => {
      const fake = await startFakePgServer(request);
      server = fake;

      const pool = createStorePool(address(fake.port), password, quietLogger);
      const failure: unknown = await pool.query('SELECT 1').catch((error: unknown) => error);
      await pool.end();
      expect(storeFailureCode(failure)).toBe('store-auth-not-scram');
      expect(String(failure)).toMatch(/sent only through SCRAM-SHA-256/);

      const listener = listenToStore({
        config: storeClientConfig(address(fake.port), password),
        onChange: () => undefined,
        logger: quietLogger,
        retryMs: 20,
      });
      const asked = () => fake.connections().filter((connection) => connection.user !== null);
      await until(() => asked().length >= 3);
      await listener.stop();
      // A retry the stop cut off before it spoke has either spoken by now or closed.
      await until(() => fake.connections().every((each) => each.user !== null || each.closed));

      await expect(
        runStoreCli(
          ['status', '--url', `postgres://it_admin:${password}@127.0.0.1:${fake.port}/paydesk`],
          () => undefined,
        ),
      ).rejects.toThrow(/asked for the password as (clear text|MD5)/);

      // The pool, the listener's tries and the CLI reached the password request; none
      // answered it.
      const connections = fake.connections();
      expect(asked().length).toBeGreaterThanOrEqual(4);
      expect(connections.every((connection) => connection.passwordMessages.length === 0)).toBe(
        true,
      );
      expect(everyByte(fake).includes(password)).toBe(false);
    });
  }

  it('node-postgres on its own does answer both, so the server above would have seen them', async () => {
    for (const request of ['cleartext', 'md5'] as const) {
      const fake = await startFakePgServer(request);
      server = fake;
      const client = new pg.Client({ ...address(fake.port), password });
      await client.connect().catch(() => undefined);
      await until(() => fake.connections()[0]?.passwordMessages.length === 1);
      const answer = fake.connections()[0]!.passwordMessages[0]!.toString('utf8');
      if (request === 'cleartext') expect(answer).toContain(password);
      else expect(answer).toMatch(/^md5[0-9a-f]{32}\0$/);
      await fake.close();
      server = null;
    }
  });
});
