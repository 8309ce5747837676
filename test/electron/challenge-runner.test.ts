import { describe, expect, it, vi } from 'vitest';
import { writeGatewayDocument } from '../../main/core/challenge/gateway-document';
import { createElectronChallengeRunner } from '../../main/electron/challenge-runner';
import {
  FakeBrowserWindow,
  navigationEvent,
  session,
  shell,
  type FakeSession,
} from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

const returnUrl = 'https://return.paydesk.app/3ds/attempt-1';
const sandboxOrigin = 'http://127.0.0.1:40123';
let uuid = 0;
const parent = new FakeBrowserWindow({});

function runner(allowedHttpOrigin: string | null = null) {
  return createElectronChallengeRunner({
    parent: () => parent as never,
    allowedHttpOrigin,
    ids: { uuid: () => `uuid-${++uuid}` },
    clock: { now: () => Date.now() },
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
  });
}

const lastWindow = () => FakeBrowserWindow.created.at(-1)!;
const sessionOf = (window: FakeBrowserWindow) =>
  (window.options.webPreferences as { session: FakeSession }).session;

/** Starts a challenge and returns its window, session and pending outcome. */
async function challenge(options: { allowed?: string | null; deadline?: number } = {}) {
  const controller = new AbortController();
  const outcome = runner(options.allowed ?? null).runChallenge('<form>challenge</form>', {
    returnUrl,
    deadline: options.deadline ?? Date.now() + 60_000,
    signal: controller.signal,
  });
  const window = lastWindow();
  await vi.waitFor(() => expect(window.webContents.executed).toHaveLength(1));
  return { window, ses: sessionOf(window), outcome, controller };
}

/** Fires the session's onBeforeRequest as Chromium would; returns what it answered. */
function request(ses: FakeSession, details: Record<string, unknown>) {
  let answer: Record<string, unknown> | undefined;
  ses.beforeRequest?.listener(
    { method: 'GET', uploadData: [], resourceType: 'subFrame', ...details },
    (a) => (answer = a),
  );
  return answer;
}

describe('Electron challenge window', () => {
  it('is a sandboxed modal child with no preload in an in-memory partition of its own', async () => {
    const { window, ses, controller, outcome } = await challenge();
    expect(window.options).toMatchObject({ parent, modal: true, show: false });
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
    expect(prefs).not.toHaveProperty('preload');
    expect(ses.partition).toMatch(/^challenge-uuid-\d+$/);
    expect(ses.partition.startsWith('persist:')).toBe(false);
    expect(ses.options).toEqual({ cache: false });
    controller.abort();
    await outcome;
  });

  it('writes the gateway HTML into a blank document, never a file:// page', async () => {
    const { window, controller, outcome } = await challenge();
    expect(window.loaded).toEqual(['about:blank']);
    expect(window.webContents.executed).toEqual([writeGatewayDocument('<form>challenge</form>')]);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
    controller.abort();
    await outcome;
  });

  it('denies every permission, downloads and new windows', async () => {
    const { window, ses, controller, outcome } = await challenge();
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'local-network-access',
    ]) {
      const granted = vi.fn();
      ses.permissionRequest?.(window.webContents, permission, granted);
      expect(granted, permission).toHaveBeenCalledWith(false);
      expect(ses.permissionCheck?.(window.webContents, permission)).toBe(false);
    }
    expect(ses.devicePermission?.()).toBe(false);
    const download = navigationEvent('https://acs.example/file.exe');
    ses.emit('will-download', download);
    expect(download.defaultPrevented).toBe(true);
    expect(window.webContents.windowOpenHandler?.({ url: 'https://acs.example/popup' })).toEqual({
      action: 'deny',
    });
    expect(shell.opened).toEqual([]);
    controller.abort();
    await outcome;
  });

  it('lets only Training reach the loopback sandbox (navigation and Local Network Access)', async () => {
    const live = await challenge();
    const training = await challenge({ allowed: sandboxOrigin });
    for (const [name, url, inLive, inTraining] of [
      ['will-frame-navigate', 'https://acs.issuer.example/challenge', true, true],
      ['will-navigate', 'https://acs.issuer.example/challenge', true, true],
      ['will-redirect', `${sandboxOrigin}/acs/challenge`, false, true],
      ['will-frame-navigate', `${sandboxOrigin}/acs/challenge`, false, true],
      ['will-frame-navigate', 'http://acs.issuer.example/', false, false],
      ['will-navigate', 'file:///etc/passwd', false, false],
      ['will-frame-navigate', 'javascript:alert(1)', false, false],
    ] as const) {
      for (const [run, allowed] of [
        [live, inLive],
        [training, inTraining],
      ] as const) {
        const event = navigationEvent(url);
        run.window.webContents.emit(name, event);
        expect(event.defaultPrevented, `${name} ${url}`).toBe(!allowed);
      }
    }
    const granted = vi.fn();
    training.ses.permissionRequest?.(training.window.webContents, 'local-network-access', granted);
    expect(granted).toHaveBeenCalledWith(true);
    live.controller.abort();
    training.controller.abort();
    await Promise.all([live.outcome, training.outcome]);
  });

  it('catches a GET return in a subframe, cancels it and reports code and msg', async () => {
    const { window, ses, outcome } = await challenge();
    // Every request passes the catch; the host is matched in code, not by the filter.
    expect(ses.beforeRequest?.filter).toEqual({ urls: ['*://*/*'] });
    expect(request(ses, { url: 'https://acs.issuer.example/challenge' })).toEqual({
      cancel: false,
    });
    expect(
      request(ses, { url: `${returnUrl}?code=000&msg=Success`, resourceType: 'image' }),
    ).toEqual({ cancel: true });
    expect(request(ses, { url: `${returnUrl}?code=000&msg=Success` })).toEqual({ cancel: true });
    expect(await outcome).toEqual({ kind: 'returned', code: '000', msg: 'Success' });
    expect(window.destroyed).toBe(true);
    expect(ses.beforeRequest).toBeNull();
    await vi.waitFor(() => expect(ses.cleared).toBe(1));
  });

  it.each([
    ['a trailing-dot host', 'https://return.paydesk.app./3ds/attempt-1?code=000', 'return'],
    ['an upper-case host', 'https://RETURN.Paydesk.App/3ds/attempt-1?code=000', 'return'],
    ['a wrong port', 'https://return.paydesk.app:8443/3ds/attempt-1?code=000', 'near-miss'],
    ['userinfo', 'https://x:y@return.paydesk.app/3ds/attempt-1?code=000', 'near-miss'],
    ['http', 'http://return.paydesk.app/3ds/attempt-1?code=000', 'near-miss'],
    ['an upper-case attempt id', 'https://return.paydesk.app/3ds/ATTEMPT-1?code=000', 'near-miss'],
    ['another attempt', 'https://return.paydesk.app/3ds/other?code=000', 'near-miss'],
  ])('cancels %s and ends the challenge at once', async (_name, url, kind) => {
    const { window, ses, outcome } = await challenge();
    expect(request(ses, { url })).toEqual({ cancel: true });
    const ended = await outcome;
    expect(ended).toMatchObject({ kind: 'returned', code: kind === 'return' ? '000' : '' });
    expect(window.destroyed).toBe(true);
  });

  it('reads a POST return from the main frame’s upload data', async () => {
    const { ses, outcome } = await challenge();
    request(ses, {
      url: returnUrl,
      method: 'POST',
      resourceType: 'mainFrame',
      uploadData: [
        { bytes: Buffer.from('code=300.001&') },
        { bytes: Buffer.from('msg=Wrong+code') },
      ],
    });
    expect(await outcome).toEqual({ kind: 'returned', code: '300.001', msg: 'Wrong code' });
  });

  it('cancels when the operator closes the window', async () => {
    const { window, outcome } = await challenge();
    window.close();
    expect(await outcome).toEqual({ kind: 'cancelled' });
  });

  it('cancels when the attempt is aborted, and closes the window', async () => {
    const { window, outcome, controller } = await challenge();
    controller.abort();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(window.destroyed).toBe(true);
  });

  it('expires at the deadline', async () => {
    const { window, outcome } = await challenge({ deadline: Date.now() + 30 });
    expect(await outcome).toEqual({ kind: 'expired' });
    expect(window.destroyed).toBe(true);
  });

  it('answers with the challenge session’s real user agent', async () => {
    expect(await runner().userAgent()).toBe(
      session.fromPartition('challenge-user-agent').getUserAgent(),
    );
  });
});

describe('Electron 3-D Secure method window', () => {
  it('runs hidden in the partition the attempt’s challenge then uses, and ends once idle', async () => {
    const run = runner();
    const controller = new AbortController();
    const method = run.runMethod('<form>method</form>', {
      timeoutMs: 10_000,
      signal: controller.signal,
      returnUrl,
    });
    const hidden = lastWindow();
    expect(hidden.options).toMatchObject({ show: false });
    expect(hidden.options).not.toHaveProperty('parent');
    await vi.waitFor(() =>
      expect(hidden.webContents.executed).toEqual([writeGatewayDocument('<form>method</form>')]),
    );
    expect(hidden.webContents.audioMuted).toBe(true);
    const started = Date.now();
    hidden.webContents.emit('did-stop-loading');
    hidden.webContents.emit('did-start-loading'); // the iframe post starts after the first stop
    hidden.webContents.emit('did-stop-loading');
    await method;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(hidden.destroyed).toBe(true);

    const challenged = run.runChallenge('<p>c</p>', {
      returnUrl,
      deadline: Date.now() + 60_000,
      signal: controller.signal,
    });
    expect(sessionOf(lastWindow())).toBe(sessionOf(hidden));
    controller.abort();
    await challenged;
  });

  it('gives up at its time limit without blocking the payment', async () => {
    const method = runner().runMethod('<p>never finishes</p>', {
      timeoutMs: 40,
      signal: new AbortController().signal,
      returnUrl,
    });
    const hidden = lastWindow();
    await method;
    expect(hidden.destroyed).toBe(true);
  });

  it('a method page with no challenge after it is wiped when the attempt ends', async () => {
    const run = runner();
    const signal = new AbortController().signal;
    await run.runMethod('<p>m</p>', { timeoutMs: 10, signal, returnUrl });
    const ses = sessionOf(lastWindow());
    expect(ses.cleared).toBe(0);
    await run.endAttempt(signal);
    expect(ses.cleared).toBe(1);
    expect(ses.beforeRequest).toBeNull();
    await run.endAttempt(signal); // once wiped, the attempt has nothing left to wipe
    expect(ses.cleared).toBe(1);
    void run.runMethod('<p>again</p>', { timeoutMs: 10, signal, returnUrl });
    expect(sessionOf(lastWindow())).not.toBe(ses);
  });

  it('cancels a navigation to the return host and ends at once, long before its time limit', async () => {
    const method = runner().runMethod('<p>m</p>', {
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      returnUrl,
    });
    const hidden = lastWindow();
    const ses = sessionOf(hidden);
    expect(request(ses, { url: 'https://acs.issuer.example/method' })).toEqual({ cancel: false });
    expect(
      request(ses, { url: 'https://return.paydesk.app./3ds/x', resourceType: 'image' }),
    ).toEqual({ cancel: true });
    expect(hidden.destroyed).toBe(false);
    expect(request(ses, { url: 'https://return.paydesk.app:444/3ds/attempt-1' })).toEqual({
      cancel: true,
    });
    await method;
    expect(hidden.destroyed).toBe(true);
  });

  it('uses a fresh partition for another attempt', async () => {
    const run = runner();
    void run.runMethod('<p>a</p>', {
      timeoutMs: 10,
      signal: new AbortController().signal,
      returnUrl,
    });
    const first = sessionOf(lastWindow());
    void run.runMethod('<p>b</p>', {
      timeoutMs: 10,
      signal: new AbortController().signal,
      returnUrl,
    });
    expect(sessionOf(lastWindow())).not.toBe(first);
  });
});
