import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scramSha256Verifier } from '../../../main/core/store/security/scram-verifier';
import { runStoreCli } from '../../../main/core/store/store-cli';
import { createStorePool } from '../../../main/core/store/store-pool';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { migratedStore } from './store-counter';

const skip = pgSkipReason();
if (skip !== null) console.warn(`counter role verifier tests skipped: ${skip}`);

const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

// A no-break space and a ligature: the verifier must be built from the bytes the client
// proves with (SASLprep maps the space and NFKC splits the ligature), or this never logs in.
const counterPassword = 'Front\u00a0desk ﬁve-7Q';

let cluster: PgCluster;
let url: string;
beforeAll(async () => {
  if (skip !== null) return;
  cluster = await startPgCluster({ scramForRoles: true, logStatements: true });
  url = await cluster.createDatabase('verifier');
  await migratedStore(url);
});
afterAll(() => cluster?.destroy());

const asOwner = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const storedVerifier = (role: string) =>
  asOwner(async (client) => {
    const found = await client.query<{ rolpassword: string }>(
      'SELECT rolpassword FROM pg_authid WHERE rolname = $1',
      [role],
    );
    return found.rows[0]!.rolpassword;
  });

/** One query as `user` with `password`, through the app's own (SCRAM-only) pool. */
async function loginAs(user: string, password: string): Promise<string> {
  const pool = createStorePool(
    { host: '127.0.0.1', port: cluster.port, database: 'verifier', user, tls: 'off' },
    password,
    quietLogger,
    1,
  );
  try {
    const result = await pool.query<{ who: string }>('SELECT current_user AS who');
    return result.rows[0]!.who;
  } finally {
    await pool.end();
  }
}

describe.skipIf(skip !== null)('add-counter sends a SCRAM verifier, never the password', () => {
  it('stores a SCRAM-SHA-256 verifier the counter logs in with, and the statement log never sees the password', async () => {
    process.env.PAYDESK_COUNTER_PASSWORD = counterPassword;
    try {
      await runStoreCli(['add-counter', '--id', 'S', '--name', 'Scram', '--url', url], () => {});
    } finally {
      delete process.env.PAYDESK_COUNTER_PASSWORD;
    }
    expect(await storedVerifier('paydesk_counter_S')).toMatch(
      /^SCRAM-SHA-256\$4096:[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=:[A-Za-z0-9+/]{43}=$/,
    );
    // The server checks the password through SCRAM (pg_hba: scram-sha-256 for this role).
    expect(await loginAs('paydesk_counter_S', counterPassword)).toBe('paydesk_counter_S');
    await expect(loginAs('paydesk_counter_S', 'Front desk five-7Q!')).rejects.toThrow(
      /password authentication failed/,
    );

    // Setting it again (the role exists) goes the same way.
    process.env.PAYDESK_COUNTER_PASSWORD = `${counterPassword}-2`;
    try {
      await runStoreCli(['add-counter', '--id', 'S', '--name', 'Scram', '--url', url], () => {});
    } finally {
      delete process.env.PAYDESK_COUNTER_PASSWORD;
    }
    expect(await loginAs('paydesk_counter_S', `${counterPassword}-2`)).toBe('paydesk_counter_S');

    const log = readFileSync(cluster.logFile, 'utf8');
    // The log does hold the statements (so the check below looks where the password would be).
    expect(log).toMatch(/CREATE ROLE "paydesk_counter_S" LOGIN PASSWORD 'SCRAM-SHA-256\$4096:/);
    expect(log).toMatch(/ALTER ROLE "paydesk_counter_S" LOGIN PASSWORD 'SCRAM-SHA-256\$4096:/);
    for (const form of [counterPassword, counterPassword.normalize('NFKC'), 'desk ﬁve', 'ﬁve-7Q']) {
      expect(log).not.toContain(form);
    }
  });

  it('builds the very verifier PostgreSQL builds itself from the same salt', async () => {
    const password = 'Kasse\u00a0ﬁ-Σ 9';
    await asOwner((client) =>
      client.query(`CREATE ROLE paydesk_probe LOGIN PASSWORD ${pg.escapeLiteral(password)}`),
    );
    const theirs = await storedVerifier('paydesk_probe');
    const [, iterations, salt] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$/.exec(theirs)!;
    expect(
      scramSha256Verifier(password, {
        salt: Buffer.from(salt!, 'base64'),
        iterations: Number(iterations),
      }),
    ).toBe(theirs);
    // A fresh salt each time: two counters with one password do not share a verifier.
    expect(scramSha256Verifier(password)).not.toBe(scramSha256Verifier(password));
  });
});
