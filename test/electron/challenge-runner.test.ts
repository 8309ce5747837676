import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeGatewayDocument } from '../../main/core/challenge/gateway-document';
import { createChallengePresence } from '../../main/electron/challenge-presence';
import { createElectronChallengeRunner } from '../../main/electron/challenge-runner';
import { appMenuTemplate } from '../../main/electron/app-menu';
import {
  app,
  FakeBrowserWindow,
  Menu,
  navigationEvent,
  session,
  shell,
  type FakeSession,
  type FakeWebContents,
} from './support/fake-electron';
import { challengeTitle } from '../../main/electron/shell-texts';

vi.mock('electron', () => import('./support/fake-electron'));

const returnUrl = 'https://return.paydesk.app/3ds/attempt-1';
const sandboxOrigin = 'http://127.0.0.1:40123';
const parent = new FakeBrowserWindow({});
let presence = createChallengePresence();
beforeEach(() => {
  // A fresh process as far as sessions go: partitions live as long as Electron does.
  session.partitions.clear();
  presence = createChallengePresence();
});

function runner(allowedHttpOrigin: string | null = null, platform: NodeJS.Platform = 'win32') {
  return createElectronChallengeRunner({
    parent: () => parent as never,
    allowedHttpOrigin,
    presence,
    title: () => challengeTitle('ar'),
    clock: { now: () => Date.now() },
    logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    platform,
  });
}

const lastWindow = () => FakeBrowserWindow.created.at(-1)!;
/** The next window the runner opens (it waits for its partition first). */
async function nextWindow(after = FakeBrowserWindow.created.length) {
  await vi.waitFor(() => expect(FakeBrowserWindow.created.length).toBeGreaterThan(after));
  return lastWindow();
}
const sessionOf = (window: FakeBrowserWindow) =>
  (window.options.webPreferences as { session: FakeSession }).session;

/** Starts a challenge and returns its window, session and pending outcome. */
async function challenge(
  options: {
    allowed?: string | null;
    deadline?: number;
    run?: ReturnType<typeof runner>;
  } = {},
) {
  const controller = new AbortController();
  const before = FakeBrowserWindow.created.length;
  const outcome = (options.run ?? runner(options.allowed ?? null)).runChallenge(
    '<form>challenge</form>',
    {
      returnUrl,
      deadline: options.deadline ?? Date.now() + 60_000,
      signal: controller.signal,
    },
  );
  const window = await nextWindow(before);
  await vi.waitFor(() => expect(window.webContents.executed).toHaveLength(1));
  return { window, ses: sessionOf(window), outcome, controller };
}

/** A request in the challenge's session, routed by its URL filter as Chromium does. */
const request = (ses: FakeSession, details: Record<string, unknown> & { url: string }) =>
  ses.request(details);

describe('Electron challenge window', () => {
  it('is a sandboxed modal child with no preload in an in-memory partition of its own', async () => {
    const { window, ses, controller, outcome } = await challenge();
    expect(window.options).toMatchObject({ parent, modal: true, show: false });
    // Titled in the operator's language, as the runner's caller reads it from Settings.
    expect(window.options.title).toBe('تحقق العميل');
    expect(window.options).not.toHaveProperty('autoHideMenuBar');
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
    expect(ses.partition).toBe('challenge-live-0');
    expect(ses.options).toEqual({ cache: false });
    controller.abort();
    await outcome;
  });

  it('writes the gateway HTML into a blank document, never a file:// page, and then shows it', async () => {
    const { window, controller, outcome } = await challenge();
    expect(window.loaded).toEqual(['about:blank']);
    expect(window.webContents.executed).toEqual([writeGatewayDocument('<form>challenge</form>')]);
    // No ready-to-show: it may never come for a page written into about:blank.
    await vi.waitFor(() => expect(window.shown).toBe(true));
    controller.abort();
    await outcome;
  });

  it('shows the window even when writing the page fails, so the operator can close it', async () => {
    const run = runner();
    const before = FakeBrowserWindow.created.length;
    app.once('web-contents-created', (_event: unknown, contents: FakeWebContents) => {
      contents.holdLoads = true;
    });
    const outcome = run.runChallenge('<p>c</p>', {
      returnUrl,
      deadline: Date.now() + 60_000,
      signal: new AbortController().signal,
    });
    const window = await nextWindow(before);
    expect(window.shown).toBe(false);
    window.webContents.abortPending(); // the blank document's load is cut off
    await vi.waitFor(() => expect(window.shown).toBe(true));
    expect(window.webContents.executed).toEqual([]);
    window.close();
    expect(await outcome).toEqual({ kind: 'cancelled' });
  });

  it('on macOS is a parented window, not a modal sheet (which has no close button)', async () => {
    const { window, controller, outcome } = await challenge({ run: runner(null, 'darwin') });
    expect(window.options).toMatchObject({ parent, modal: false });
    controller.abort();
    await outcome;
  });

  it('carries no menu, and the app knows a challenge is open until it closes', async () => {
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        appMenuTemplate({
          platform: 'win32',
          appName: 'Paydesk',
          dev: false,
          language: 'en',
          onCommand: vi.fn(),
          onLock: vi.fn(),
        }),
      ) as never,
    );
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      const { window, controller, outcome } = await challenge();
      // Without removeMenu the window would answer Ctrl+N with the app menu's New sale.
      expect(new FakeBrowserWindow({}).menu).not.toBeNull();
      expect(window.menu).toBeNull();
      expect(window.pressMenuShortcut('New sale')).toBe(false);
      expect(presence.isOpen()).toBe(true);
      controller.abort();
      await outcome;
      expect(presence.isOpen()).toBe(false);
    } finally {
      Object.defineProperty(process, 'platform', platform);
      Menu.setApplicationMenu(null);
    }
  });

  it('denies every permission, downloads and new windows', async () => {
    const { window, ses, controller, outcome } = await challenge();
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'local-network-access',
    ]) {
      const granted = vi.fn();
      ses.permissionRequest?.(window.webContents, permission, granted, {
        requestingUrl: 'https://acs.example/challenge',
      });
      expect(granted, permission).toHaveBeenCalledWith(false);
      expect(ses.permissionCheck?.(window.webContents, permission, 'https://acs.example')).toBe(
        false,
      );
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
    training.ses.permissionRequest?.(training.window.webContents, 'local-network-access', granted, {
      requestingUrl: 'http://127.0.0.1/acs',
    });
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
    await vi.waitFor(() =>
      expect(ses.wipes).toEqual(['clearData', 'clearAuthCache', 'closeAllConnections']),
    );
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
    const run = runner();
    const { ses, controller, outcome } = await challenge({ run });
    expect(await run.userAgent()).toBe(ses.getUserAgent());
    controller.abort();
    await outcome;
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
    const hidden = await nextWindow();
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

    const before = FakeBrowserWindow.created.length;
    const challenged = run.runChallenge('<p>c</p>', {
      returnUrl,
      deadline: Date.now() + 60_000,
      signal: controller.signal,
    });
    expect(sessionOf(await nextWindow(before))).toBe(sessionOf(hidden));
    expect(sessionOf(hidden).cleared).toBe(0); // not wiped between the two pages of one attempt
    controller.abort();
    await challenged;
  });

  it('gives up at its time limit without blocking the payment', async () => {
    const method = runner().runMethod('<p>never finishes</p>', {
      timeoutMs: 40,
      signal: new AbortController().signal,
      returnUrl,
    });
    const hidden = await nextWindow();
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
  });

  it('cancels a navigation to the return host and ends at once, long before its time limit', async () => {
    const method = runner().runMethod('<p>m</p>', {
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      returnUrl,
    });
    const hidden = await nextWindow();
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
});

describe('one challenge partition for every attempt', () => {
  it('is reused by the next attempt only after the previous one was wiped', async () => {
    const run = runner(sandboxOrigin);
    const a = new AbortController();
    const method = run.runMethod('<p>a</p>', { timeoutMs: 10_000, signal: a.signal, returnUrl });
    const first = sessionOf(await nextWindow());
    // Attempt A's pages leave a returnUrl catch behind; B must not inherit it.
    first.webRequest.onBeforeRequest({ urls: ['https://a.example/*'] }, () => undefined);
    // B starts while A still holds the partition (A never said it ended).
    const b = await challenge({ run });
    expect(b.ses).toBe(first);
    expect(first.wipes).toEqual(['clearData', 'clearAuthCache', 'closeAllConnections']);
    // Only B's own catch answers now (it lets a.example through; A's would not answer at all).
    expect(request(first, { url: 'https://a.example/x' })).toEqual({ cancel: false });
    await method;
    a.abort();
    b.controller.abort();
    await b.outcome;
    expect(sessionOf(lastWindow()).partition).toBe('challenge-training-0');
  });

  it('hands B a fresh partition when wiping A’s fails', async () => {
    const run = runner();
    const a = new AbortController();
    void run.runMethod('<p>a</p>', { timeoutMs: 10, signal: a.signal, returnUrl });
    const first = sessionOf(await nextWindow());
    first.clearData = async () => {
      throw new Error('storage partition busy');
    };
    await run.endAttempt(a.signal);
    const b = await challenge({ run });
    expect(b.ses).not.toBe(first);
    expect(b.ses.partition).toMatch(/^challenge-live-\d+$/);
    b.controller.abort();
    await b.outcome;
  });

  it('does not grow with the number of sales', async () => {
    const run = runner();
    const seen = new Set<FakeSession>();
    for (let sale = 0; sale < 5; sale += 1) {
      const { ses, controller, outcome } = await challenge({ run });
      seen.add(ses);
      controller.abort();
      await outcome;
    }
    expect(seen.size).toBe(1);
  });
});
