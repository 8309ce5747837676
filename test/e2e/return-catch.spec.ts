import { expect, test, type Browser } from '@playwright/test';
import { systemClock } from '../../main/core/app/system-adapters';
import type { ChallengeOutcome } from '../../main/core/ports';
import { createPlaywrightChallengeRunner } from '../../main/preview/playwright-challenge-runner';

/**
 * The return catch, in real Chromium through the test host's runner (the same catch as the
 * Electron window): a return to `return.paydesk.app.`, a wrong port or an upper-case attempt
 * id is caught at once, and the hidden method window catches it too. The deadline is the
 * full 15 minutes, so waiting for it would time the test out.
 */

const returnUrl = 'https://return.paydesk.app/3ds/0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b';
const fifteenMinutes = 15 * 60_000;

/** A page that leaves for `url` by itself, as an issuer's completion step does. */
const leavingFor = (url: string, method: 'get' | 'post') =>
  `<form id="f" method="${method}" action="${url}"><input name="code" value="000"><input name="msg" value="ok"></form><script>document.getElementById('f').submit()</script>`;

function runner(browser: Browser) {
  return createPlaywrightChallengeRunner({
    browser,
    clock: systemClock,
    allowedHttpOrigin: null,
    onChallengePage: () => undefined,
  });
}

async function challenge(browser: Browser, url: string, method: 'get' | 'post') {
  const started = Date.now();
  const outcome: ChallengeOutcome = await runner(browser).runChallenge(leavingFor(url, method), {
    returnUrl,
    deadline: Date.now() + fifteenMinutes,
    signal: new AbortController().signal,
  });
  return { outcome, ms: Date.now() - started };
}

test.describe('returnUrl catch in Chromium', () => {
  test('a trailing-dot or upper-case return host is this attempt’s return', async ({ browser }) => {
    for (const url of [
      'https://return.paydesk.app./3ds/0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b',
      'https://RETURN.paydesk.app/3ds/0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b',
    ]) {
      const { outcome, ms } = await challenge(browser, url, 'post');
      expect(outcome, url).toEqual({ kind: 'returned', code: '000', msg: 'ok' });
      expect(ms).toBeLessThan(10_000);
    }
  });

  test('a near-miss of our return path ends the attempt at once, not at the 15-minute expiry', async ({
    browser,
  }) => {
    for (const url of [
      'https://return.paydesk.app:8443/3ds/0f3a1b2c-d4e5-4f60-8a7b-9c0d1e2f3a4b',
      'https://return.paydesk.app/3ds/0F3A1B2C-D4E5-4F60-8A7B-9C0D1E2F3A4B',
      'https://return.paydesk.app./3ds/another-attempt',
    ]) {
      const { outcome, ms } = await challenge(browser, url, 'get');
      expect(outcome, url).toMatchObject({ kind: 'returned', code: '' });
      expect(ms, url).toBeLessThan(10_000);
    }
  });

  test('the hidden method window catches a navigation to the return host and ends', async ({
    browser,
  }) => {
    // The page keeps the network busy, so without the catch it would run to its time limit.
    const busy = `<script>setInterval(() => fetch('https://acs.issuer.example/ping').catch(() => 0), 100)</script>`;
    const started = Date.now();
    await runner(browser).runMethod(
      busy +
        leavingFor('https://return.paydesk.app.:443/3ds/whatever', 'post').replace(
          '<form',
          '<iframe name="t"></iframe><form target="t"',
        ),
      { timeoutMs: 30_000, signal: new AbortController().signal, returnUrl },
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
