import './support/electron-store-hook';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCards, TEST_CARD_EXPIRY } from '../../main/core/sandbox';
import { ipcContract, ipcEvents } from '../../shared/ipc';
import type * as FakeElectron from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

let electron: typeof FakeElectron;
const closers: (() => void)[] = [];

/** Loads main/index.ts afresh against a fresh fake Electron. */
async function startApp(prepare: (fake: typeof FakeElectron) => void = () => undefined) {
  vi.resetModules();
  electron = (await import('electron')) as unknown as typeof FakeElectron;
  electron.resetFakeElectron();
  prepare(electron);
  await import('../../main/index');
  return electron;
}

/** Lets Electron become ready and waits until the main window exists. */
async function ready() {
  electron.app.becomeReady();
  await vi.waitFor(() => expect(electron.FakeBrowserWindow.created).toHaveLength(1), {
    timeout: 10_000,
  });
  const window = electron.FakeBrowserWindow.created[0]!;
  // Quit at the end of each test so the core (sandbox, journals) closes.
  closers.push(() => electron.app.emit('will-quit', electron.navigationEvent('')));
  return window;
}

const invoke = (
  channel: string,
  payload: unknown,
  frame: FakeElectron.FakeWebFrameMain,
  sender: FakeElectron.FakeWebContents,
) =>
  electron.ipcMain.handlers.get(channel)?.({ sender, senderFrame: frame }, payload) as Promise<{
    ok: boolean;
    value?: unknown;
    error?: { code: string };
  }>;

beforeEach(() => {
  closers.length = 0;
});
afterEach(async () => {
  closers.forEach((close) => close());
  await vi.waitFor(() => expect(electron.app.quitCalls).toBeGreaterThan(0));
});
afterAll(() => electron.resetFakeElectron());

describe('Electron composition root (main/index.ts)', () => {
  it('leaves at once when another Paydesk already runs', async () => {
    await startApp((fake) => {
      fake.app.singleInstance = false;
    });
    expect(electron.app.quitCalls).toBe(1);
    expect(electron.app.count('window-all-closed')).toBe(0);
    expect(electron.ipcMain.handlers.size).toBe(0);
  });

  it('sandboxes every renderer and hardens the default session before any window', async () => {
    await startApp();
    expect(electron.app.sandboxEnabled).toBe(true);
    await ready();
    const granted = vi.fn();
    electron.session.defaultSession.permissionRequest?.(null, 'notifications', granted, {
      requestingUrl: 'paydesk://app/index.html',
    });
    expect(granted).toHaveBeenCalledWith(false);
    expect(electron.Menu.applied).toBeTruthy();
  });

  it('lets our own renderer, and no other page, write to the clipboard (Copy link)', async () => {
    await startApp();
    await ready();
    const { permissionRequest, permissionCheck } = electron.session.defaultSession;
    const asked = (permission: string, requestingUrl: string) => {
      const answer = vi.fn();
      permissionRequest?.(null, permission, answer, { requestingUrl });
      return answer.mock.calls[0]?.[0] as boolean;
    };
    expect(asked('clipboard-sanitized-write', 'paydesk://app/index.html')).toBe(true);
    expect(permissionCheck?.(null, 'clipboard-sanitized-write', 'paydesk://app')).toBe(true);
    for (const other of ['https://evil.example', 'paydesk://other', 'file:///C:/x.html', 'null']) {
      expect(asked('clipboard-sanitized-write', `${other}/`), other).toBe(false);
      expect(permissionCheck?.(null, 'clipboard-sanitized-write', other), other).toBe(false);
    }
    for (const permission of ['clipboard-read', 'notifications', 'media']) {
      expect(asked(permission, 'paydesk://app/index.html'), permission).toBe(false);
      expect(permissionCheck?.(null, permission, 'paydesk://app'), permission).toBe(false);
    }
  });

  it('starts when the Documents folder cannot be resolved (the save dialog asks only when it opens)', async () => {
    await startApp((fake) => fake.app.unresolvable.add('documents'));
    await ready();
    expect(electron.app.exitCode).toBeNull();
    expect(electron.dialog.errors).toEqual([]);
  });

  it('answers the renderer through the contract: our main frame gets results, others a typed refusal', async () => {
    await startApp();
    const window = await ready();
    await vi.waitFor(() => expect(window.loaded).toHaveLength(1));
    const contents = window.webContents;
    expect([...electron.ipcMain.handlers.keys()]).toContain('settings:get');

    const view = await invoke('settings:get', {}, contents.mainFrame, contents);
    expect(view).toMatchObject({
      ok: true,
      value: { settings: { environment: 'training' }, credentialsConfigured: false },
    });

    const subframe = new electron.FakeWebFrameMain(contents.mainFrame.url, contents.mainFrame);
    expect(await invoke('settings:get', {}, subframe, contents)).toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    const other = new electron.FakeWebContents();
    other.mainFrame = new electron.FakeWebFrameMain(contents.mainFrame.url);
    expect(await invoke('settings:get', {}, other.mainFrame, other)).toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    expect(
      await invoke('settings:update', { language: 7 }, contents.mainFrame, contents),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-request' },
    });

    await invoke('settings:update', { language: 'ar' }, contents.mainFrame, contents);
    expect(contents.sent.map(([channel]) => channel)).toContain(ipcEvents.settingsChanged.channel);
  });

  it('follows the platform lifecycle: quit on last window closed (not on macOS), re-open on activate, focus on second launch', async () => {
    await startApp();
    const window = await ready();
    window.minimized = true;
    electron.app.emit('second-instance');
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);

    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    try {
      window.close();
      electron.app.emit('window-all-closed');
      expect(electron.app.quitCalls).toBe(0);
      electron.app.emit('activate');
      expect(electron.FakeBrowserWindow.getAllWindows()).toHaveLength(1);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
    electron.app.emit('window-all-closed');
    expect(electron.app.quitCalls).toBe(1);
  });

  it('closes the core before quitting', async () => {
    await startApp();
    await ready();
    const quitting = electron.navigationEvent('');
    electron.app.emit('will-quit', quitting);
    expect(quitting.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1));
    const again = electron.navigationEvent('');
    electron.app.emit('will-quit', again);
    expect(again.defaultPrevented).toBe(false);
  });

  it('says why and exits when it cannot start', async () => {
    await startApp((fake) => {
      // userData is a file: neither settings nor journals can be opened.
      fake.app.setPath('logs', join(fake.app.getPath('home'), 'logs'));
      const userData = fake.app.getPath('userData');
      mkdirSync(dirname(userData), { recursive: true });
      writeFileSync(userData, 'not a folder');
    });
    electron.app.becomeReady();
    await vi.waitFor(() => expect(electron.app.exitCode).toBe(1));
    expect(electron.dialog.errors[0]?.[0]).toBe('Paydesk could not start');
    expect(electron.FakeBrowserWindow.created).toHaveLength(0);
  });

  it('serves the renderer on its own privileged scheme, registered before ready', async () => {
    await startApp();
    // Electron refuses registerSchemesAsPrivileged once ready: it must happen at load.
    expect(electron.protocol.privileged).toEqual([
      expect.objectContaining({
        scheme: 'paydesk',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    const window = await ready();
    await vi.waitFor(() => expect(window.loaded).toEqual(['paydesk://app/index.html']));
    expect((await electron.protocol.fetch('paydesk://app/index.html'))?.status).toBe(200);
    expect((await electron.protocol.fetch('paydesk://app/../package.json'))?.status).toBe(404);
    // The IPC sender check trusts that origin, whatever path or file URL says otherwise.
    const contents = window.webContents;
    expect(await invoke('settings:get', {}, contents.mainFrame, contents)).toMatchObject({
      ok: true,
    });
    contents.mainFrame.url =
      'file:///C:/Program%20Files/Paydesk/resources/app.asar/out/renderer/index.html';
    expect(await invoke('settings:get', {}, contents.mainFrame, contents)).toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
  });

  it('keeps an unpackaged run out of the installed app’s data (Paydesk-dev)', async () => {
    await startApp((fake) => {
      fake.app.isPackaged = false;
    });
    expect(electron.app.getPath('userData')).toBe(
      join(electron.app.getPath('appData'), 'Paydesk-dev'),
    );
    expect(electron.app.getPath('logs')).toBe(
      join(electron.app.getPath('appData'), 'Paydesk-dev', 'logs'),
    );
    await ready();

    await startApp((fake) => {
      fake.app.isPackaged = false;
      fake.app.switches.add('user-data-dir'); // the smoke test's own folder wins
    });
    expect(electron.app.getPath('userData')).toBe(join(electron.app.getPath('appData'), 'Paydesk'));
    await ready();

    await startApp();
    expect(electron.app.getPath('userData')).toBe(join(electron.app.getPath('appData'), 'Paydesk'));
    await ready();
  });

  it('hardens every web contents Electron creates, not only our own windows', async () => {
    await startApp();
    await ready();
    const stray = new electron.FakeBrowserWindow({});
    expect(stray.webContents.windowOpenHandler?.({ url: 'https://geidea.net/' })).toEqual({
      action: 'deny',
    });
    expect(electron.shell.opened).toEqual([]);
    const webview = electron.navigationEvent('');
    stray.webContents.emit('will-attach-webview', webview);
    expect(webview.defaultPrevented).toBe(true);
  });

  it('leaves no IPC listener outside the contract (electron-store registers one)', async () => {
    await startApp();
    await ready();
    const contract: string[] = Object.values(ipcContract).map((c) => c.channel);
    expect(electron.ipcMain.everListened).toContain('electron-store-get-data');
    expect(electron.ipcMain.channels().filter((c) => !contract.includes(c))).toEqual([]);
    expect([...electron.ipcMain.listeners.values()].flat()).toEqual([]);
  });

  it('ignores menu commands while a challenge window is open', async () => {
    await startApp();
    const window = await ready();
    await vi.waitFor(() => expect(electron.ipcMain.handlers.has('sale:pay')).toBe(true));
    const contents = window.webContents;
    const menuCommands = () =>
      contents.sent.filter(([channel]) => channel === ipcEvents.menuCommand.channel);
    const card = testCards.find((c) => c.outcome === 'challenge')!;
    const paying = invoke(
      'sale:pay',
      {
        amount: '5.00',
        currency: 'SAR',
        merchantReferenceId: 'MENU-1',
        card: {
          number: card.number,
          expiry: `${TEST_CARD_EXPIRY.month}/${TEST_CARD_EXPIRY.year}`,
          cvv: '123',
          holderName: 'Menu Test',
        },
        customerPhone: null,
      },
      contents.mainFrame,
      contents,
    );
    const challenge = await vi.waitFor(
      () => {
        const found = electron.FakeBrowserWindow.created.find(
          (w) => w.options.title === 'Customer verification',
        );
        expect(found?.shown).toBe(true);
        return found!;
      },
      { timeout: 10_000 },
    );
    const before = menuCommands().length;
    // Ctrl+N on the main window: the app menu's New sale (on macOS, whatever is in front).
    expect(window.pressMenuShortcut('New sale')).toBe(true);
    expect(menuCommands()).toHaveLength(before);
    challenge.close();
    expect(await paying).toMatchObject({ ok: true, value: { outcome: 'cancelled' } });
    expect(window.pressMenuShortcut('New sale')).toBe(true);
    expect(menuCommands()).toHaveLength(before + 1);
  });
});
