import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core, CoreAdapters } from '../../../main/core/app/core-adapters';
import { trustedCertificates } from '../../../main/core/platform/trust-store';
import {
  inspectedGatewayHost as gatewayHost,
  startInspectedGateway,
  type InspectedGateway,
} from '../../support/inspecting-proxy';
import { codeOf, startTestCore, valueOf as value } from '../../support/test-core';

/**
 * A whole core on a chain's network: the live gateway is reached only through a proxy that
 * inspects TLS. Settings' Test connection is the first live call an admin makes, and it goes
 * the way every gateway call of the core goes (the route the shell gives the core).
 */
let network: InspectedGateway;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  network = await startInspectedGateway();
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await network.close();
});

async function coreOn(network: NonNullable<CoreAdapters['network']>): Promise<Core> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-corporate-'));
  const core = await startTestCore({ dataDir, network });
  closers.push(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await value(core, 'operatorsEnable', {
    operatorId: 'amal',
    displayName: 'Amal',
    secret: '246810',
  });
  await value(core, 'settingsUpdate', {
    environment: 'custom',
    customBaseUrl: `https://${gatewayHost}`,
  });
  return core;
}

const credentials = () => ({
  merchantPublicKey: network.sandbox.merchantPublicKey,
  apiPassword: network.sandbox.apiPassword,
});

describe('the live gateway behind a TLS-inspecting proxy', () => {
  it('answers Test connection once the proxy’s CA is trusted', async () => {
    const core = await coreOn({
      certificates: () => [...trustedCertificates(), network.ca.caPem],
      proxyFor: async () => network.proxy.url,
    });
    const view = await value(core, 'credentialsTest', { credentials: credentials() });
    expect(view.credentialsTestedAt).not.toBeNull();
    expect(network.proxy.tunnels).toContain(`${gatewayHost}:443`);
  });

  it('says the certificate is not trusted when the CA is missing, and stores nothing', async () => {
    const core = await coreOn({
      certificates: trustedCertificates,
      proxyFor: async () => network.proxy.url,
    });
    expect(await codeOf(core, 'credentialsTest', { credentials: credentials() })).toBe(
      'gateway-certificate-untrusted',
    );
    expect(await value(core, 'settingsGet', {})).toMatchObject({ credentialsConfigured: false });
  });
});
