import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createConnectionPool,
  type ConnectionPool,
} from '../../../main/core/gateway/connection-pool';
import { createGatewayClient } from '../../../main/core/gateway/gateway-client';
import type { GatewayResult } from '../../../main/core/gateway/gateway-error';
import type { NetworkRoute } from '../../../main/core/gateway/network-route';
import { failureFromGatewayError } from '../../../main/core/payments/failure-from-gateway';
import { trustedCertificates } from '../../../main/core/platform/trust-store';
import type { Sandbox } from '../../../main/core/sandbox';
import { silentLogger } from '../../support/sandbox-deps';
import {
  inspectedGatewayHost as gatewayHost,
  startInspectedGateway,
  startInspectingProxy,
  type InspectedGateway,
  type InspectingProxy,
  type PrivateCa,
} from '../../support/inspecting-proxy';

// A merchant's network as chains and call centres have it: gateway traffic must go through
// an HTTP proxy that opens TLS with its own CA, which IT put in the OS trust store.
const timeouts = { connectMs: 2_000, headersMs: 2_000, bodyMs: 2_000, payHeadersMs: 2_000 };
let sandbox: Sandbox;
let ca: PrivateCa;
let proxy: InspectingProxy;
let network: InspectedGateway;
const pools: ConnectionPool[] = [];
const system = trustedCertificates();

beforeAll(async () => {
  network = await startInspectedGateway();
  ({ sandbox, ca, proxy } = network);
});
afterAll(() => network.close());
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  proxy.tunnels.length = 0;
  proxy.inspected.length = 0;
});

/** A pool on `route` and a client of the gateway at `baseUrl` through it. */
function clientOn(route: NetworkRoute, baseUrl = `https://${gatewayHost}`) {
  const pool = createConnectionPool({ connectTimeoutMs: timeouts.connectMs, route });
  pools.push(pool);
  const client = createGatewayClient({
    baseUrl: new URL(baseUrl),
    credentials: { merchantPublicKey: sandbox.merchantPublicKey, apiPassword: sandbox.apiPassword },
    dispatcher: pool.dispatcher(new URL(baseUrl).origin),
    timeouts,
    language: 'en',
    logger: silentLogger,
    now: Date.now,
  });
  return { pool, client };
}

const session = (client: ReturnType<typeof clientOn>['client']) =>
  client.createSession({
    amount: 10,
    currency: 'SAR',
    merchantReferenceId: `ref-${Math.random()}`,
    timestamp: new Date().toISOString(),
  });

const failureCode = (result: GatewayResult<unknown>) =>
  result.ok ? null : failureFromGatewayError(result.error, 'gateway-refused').code;

describe('gateway calls through a TLS-inspecting proxy', () => {
  it('succeed when the proxy’s CA is in the trust list, through the proxy the route names', async () => {
    const asked: string[] = [];
    const { client } = clientOn({
      certificates: () => [...system, ca.caPem],
      proxyFor: async (origin) => {
        asked.push(origin);
        return proxy.url;
      },
    });
    const created = await session(client);
    expect(created.ok).toBe(true);
    expect(asked).toEqual([`https://${gatewayHost}:443`]);
    expect(proxy.tunnels).toEqual([`${gatewayHost}:443`]);
    expect(proxy.inspected).toEqual(['POST /payment-intent/api/v2/direct/session']);
  });

  it('fail with the code the operator reads when the CA is not trusted, the request unsent', async () => {
    const { client } = clientOn({ certificates: () => system, proxyFor: async () => proxy.url });
    const created = await session(client);
    expect(created).toMatchObject({ ok: false, error: { kind: 'network', operation: 'session' } });
    expect(failureCode(created)).toBe('gateway-certificate-untrusted');
    expect(proxy.tunnels).toHaveLength(1);
    // The handshake failed: the proxy never read a request.
    expect(proxy.inspected).toEqual([]);
  });

  it('fail as refused by the proxy when it refuses the tunnel', async () => {
    const refusing = await startInspectingProxy({ ca, upstream: sandbox.url, refuse: true });
    try {
      const { client } = clientOn({
        certificates: () => [...system, ca.caPem],
        proxyFor: async () => refusing.url,
      });
      const created = await session(client);
      expect(failureCode(created)).toBe('gateway-proxy-refused');
      expect(refusing.tunnels).toEqual([`${gatewayHost}:443`]);
    } finally {
      await refusing.close();
    }
  });

  it('tunnel through a proxy that itself speaks TLS, checked against the same list', async () => {
    const secure = await startInspectingProxy({ ca, upstream: sandbox.url, secure: true });
    try {
      const { client } = clientOn({
        certificates: () => [...system, ca.caPem],
        proxyFor: async () => secure.url,
      });
      expect((await session(client)).ok).toBe(true);
      expect(secure.url).toMatch(/^https:/);
      expect(secure.tunnels).toEqual([`${gatewayHost}:443`]);
    } finally {
      await secure.close();
    }
  });

  it('warms a tunnelled connection ahead of the call, which then rides it', async () => {
    const { pool, client } = clientOn({
      certificates: () => [...system, ca.caPem],
      proxyFor: async () => proxy.url,
    });
    expect(await pool.warm(`https://${gatewayHost}`)).toBe(true);
    expect(proxy.tunnels).toHaveLength(1);
    expect((await session(client)).ok).toBe(true);
    expect((await session(client)).ok).toBe(true);
    expect(proxy.tunnels).toHaveLength(1);
  });

  it('trusts the list on direct connections too (a transparent proxy, no CONNECT)', async () => {
    const direct = `https://127.0.0.1:${proxy.transparentPort}`;
    const trusting = clientOn(
      { certificates: () => [...system, ca.caPem], proxyFor: async () => null },
      direct,
    );
    expect((await session(trusting.client)).ok).toBe(true);
    const bundledOnly = clientOn(
      { certificates: () => system, proxyFor: async () => null },
      direct,
    );
    expect(failureCode(await session(bundledOnly.client))).toBe('gateway-certificate-untrusted');
    expect(proxy.tunnels).toEqual([]);
  });
});
