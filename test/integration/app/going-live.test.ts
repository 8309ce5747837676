import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/app/core-adapters';
import { startSandbox, type Sandbox } from '../../../main/core/sandbox';
import { codeOf, startTestCore, valueOf as value } from '../../support/test-core';

/**
 * Test connection through the real core: one harmless call (an order search for a reference
 * no sale has) to the sandbox as the live gateway over loopback, or to an address where
 * nothing listens. Credentials are stored as working only once the gateway accepted them.
 */

const admin = { operatorId: 'amal', displayName: 'Amal', secret: '246810' };
let cleanup: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function liveCore(liveSandbox?: Sandbox): Promise<Core> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-going-live-'));
  const core = await startTestCore({ dataDir, liveSandbox });
  cleanup.push(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await value(core, 'operatorsEnable', admin);
  return core;
}

describe('Test connection', () => {
  it('refuses wrong credentials at the gateway and stores the right ones as tested', async () => {
    const sandbox = await startSandbox();
    cleanup.push(() => sandbox.close());
    const core = await liveCore(sandbox);
    await value(core, 'settingsUpdate', { environment: 'ksa' });

    const wrong = { merchantPublicKey: 'abc', apiPassword: '123' };
    expect(await codeOf(core, 'credentialsTest', { credentials: wrong })).toBe(
      'gateway-credentials-rejected',
    );
    let view = await value(core, 'settingsGet', {});
    expect(view).toMatchObject({ credentialsConfigured: false, credentialsTestedAt: null });

    const right = {
      merchantPublicKey: sandbox.merchantPublicKey,
      apiPassword: sandbox.apiPassword,
    };
    view = await value(core, 'credentialsTest', { credentials: right });
    expect(view.credentialsConfigured).toBe(true);
    expect(view.keyHint).toBe(sandbox.merchantPublicKey.slice(-4));
    expect(view.credentialsTestedAt).not.toBeNull();
    // The stored ones again, from Settings' Test connection button.
    expect(
      (await value(core, 'credentialsTest', { credentials: null })).credentialsTestedAt,
    ).not.toBeNull();
    // Harmless: the searches created no order at the gateway.
    expect(sandbox.inspect.orders()).toEqual([]);
  });

  it('a gateway address where nothing answers is never stored as configured', async () => {
    const core = await liveCore();
    await value(core, 'settingsUpdate', {
      environment: 'custom',
      customBaseUrl: 'https://localhost:1',
    });
    expect(
      await codeOf(core, 'credentialsTest', {
        credentials: { merchantPublicKey: 'abc', apiPassword: '123' },
      }),
    ).toBe('gateway-unreachable');
    expect(await value(core, 'settingsGet', {})).toMatchObject({
      credentialsConfigured: false,
      credentialsTestedAt: null,
    });
  });

  it('Training has no live gateway to test', async () => {
    const core = await liveCore();
    expect(
      await codeOf(core, 'credentialsTest', {
        credentials: { merchantPublicKey: 'abc', apiPassword: '123' },
      }),
    ).toBe('credentials-need-gateway');
  });
});

describe('settings check', () => {
  it('names every broken rule at once and saves nothing', async () => {
    const core = await liveCore();
    const { problems } = await value(core, 'settingsCheck', {
      environment: 'custom',
      customBaseUrl: 'http://gw.example.com',
      returnHost: 'not a host',
      amountCap: 'ten',
    });
    expect(problems).toEqual([
      'settings-return-host-invalid',
      'settings-custom-url-invalid',
      'settings-amount-cap-invalid',
    ]);
    expect((await value(core, 'settingsGet', {})).settings.environment).toBe('training');
    expect((await value(core, 'settingsCheck', { amountCap: '500.00' })).problems).toEqual([]);
  });
});
