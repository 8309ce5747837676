import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeClientConfig } from '../../../main/core/store/store-pool';
import { trustedCertificates } from '../../../main/core/platform/trust-store';
import { makePrivateCa, type PrivateCa } from '../../support/inspecting-proxy';
import { pgSkipReason, startPgCluster, type PgCluster } from '../../support/pg-cluster';

// The store server's certificate comes from a company CA that IT put in the OS trust store:
// the store connection trusts that list as the gateway connections do, with no CA pasted.
const skip = pgSkipReason();
let cluster: PgCluster;
let ca: PrivateCa;

beforeAll(async () => {
  if (skip) return;
  ca = makePrivateCa(['127.0.0.1']);
  cluster = await startPgCluster({ tls: ca });
});
afterAll(() => cluster?.destroy());

const address = () => ({
  host: '127.0.0.1',
  port: cluster.port,
  database: 'postgres',
  user: 'postgres',
  tls: 'verify-full' as const,
});

async function connects(config: pg.ClientConfig): Promise<string> {
  const client = new pg.Client(config);
  try {
    await client.connect();
    const { rows } = await client.query<{ ssl: boolean }>(
      'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
    );
    return rows[0]?.ssl ? 'over TLS' : 'in clear';
  } catch (error) {
    return String((error as { code?: string }).code ?? error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe.skipIf(skip !== null)(`store TLS trust ${skip ? `(skipped: ${skip})` : ''}`, () => {
  it('connects over verify-full when the CA is in the system list, and refuses without it', async () => {
    const system = trustedCertificates();
    expect(await connects(storeClientConfig(address(), null, [...system, ca.caPem]))).toBe(
      'over TLS',
    );
    expect(await connects(storeClientConfig(address(), null, system))).toMatch(
      /UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/,
    );
  });

  it('trusts a CA pasted in Settings besides the system list', async () => {
    const config = storeClientConfig({ ...address(), caPem: ca.caPem }, null);
    expect(await connects(config)).toBe('over TLS');
    expect((config.ssl as { ca: string[] }).ca).toEqual([ca.caPem, ...trustedCertificates()]);
  });
});
