import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConnectionPool } from '../../main/core/gateway/connection-pool';
import { createGatewayClient } from '../../main/core/gateway/gateway-client';
import { failureFromGatewayError } from '../../main/core/payments/failure-from-gateway';
import type { Sandbox } from '../../main/core/sandbox';
import { chromiumNetworkRoute, proxyOfPacAnswer } from '../../main/electron/system-proxy';
import { silentLogger } from '../support/sandbox-deps';
import {
  startInspectedGateway,
  type InspectedGateway,
  type InspectingProxy,
} from '../support/inspecting-proxy';
import { FakeSession } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

describe('the proxy Chromium would use', () => {
  it('reads a PAC answer: the first proxy Paydesk can tunnel through, or direct', () => {
    expect(proxyOfPacAnswer('DIRECT')).toBeNull();
    expect(proxyOfPacAnswer('PROXY proxy.corp:8080; DIRECT')).toBe('http://proxy.corp:8080');
    expect(proxyOfPacAnswer('HTTPS secure.corp:443')).toBe('https://secure.corp:443');
    expect(proxyOfPacAnswer('SOCKS5 socks.corp:1080; PROXY proxy.corp:3128')).toBe(
      'http://proxy.corp:3128',
    );
    expect(proxyOfPacAnswer('SOCKS socks.corp:1080')).toBeNull();
    expect(proxyOfPacAnswer('')).toBeNull();
  });

  describe('carries gateway traffic', () => {
    let network: InspectedGateway;
    let sandbox: Sandbox;
    let proxy: InspectingProxy;
    beforeAll(async () => {
      network = await startInspectedGateway();
      ({ sandbox, proxy } = network);
    });
    afterAll(() => network.close());

    it('through the proxy resolveProxy names for the gateway origin, trusting the OS store', async () => {
      const session = new FakeSession('(default)');
      session.proxyAnswer = `PROXY ${new URL(proxy.url).host}; DIRECT`;
      const route = chromiumNetworkRoute(session as never);
      const pool = createConnectionPool({ connectTimeoutMs: 2_000, route });
      const timeouts = { connectMs: 2_000, headersMs: 2_000, bodyMs: 2_000, payHeadersMs: 2_000 };
      try {
        const created = await createGatewayClient({
          baseUrl: new URL('https://gateway.paydesk.test'),
          credentials: { merchantPublicKey: sandbox.merchantPublicKey, apiPassword: 'x' },
          dispatcher: pool.dispatcher('https://gateway.paydesk.test'),
          timeouts,
          language: 'en',
          logger: silentLogger,
          now: Date.now,
        }).createSession({
          amount: 1,
          currency: 'SAR',
          merchantReferenceId: 'ref-proxy',
          timestamp: new Date().toISOString(),
        });
        expect(session.proxyAsked).toEqual(['https://gateway.paydesk.test:443']);
        expect(proxy.tunnels).toEqual(['gateway.paydesk.test:443']);
        // This machine's OS store lacks the test CA: the operator reads why, nothing was sent.
        expect(created.ok).toBe(false);
        if (!created.ok) {
          expect(failureFromGatewayError(created.error, 'gateway-refused').code).toBe(
            'gateway-certificate-untrusted',
          );
        }
        expect(proxy.inspected).toEqual([]);
      } finally {
        await pool.close();
      }
    });
  });
});
