import './support/electron-store-hook';
import { writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcEvents } from '../../shared/ipc';
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
    electron.session.defaultSession.permissionRequest?.(null, 'notifications', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(electron.Menu.applied).toBeTruthy();
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
      writeFileSync(fake.app.getPath('userData'), 'not a folder');
    });
    electron.app.becomeReady();
    await vi.waitFor(() => expect(electron.app.exitCode).toBe(1));
    expect(electron.dialog.errors[0]?.[0]).toBe('Paydesk could not start');
    expect(electron.FakeBrowserWindow.created).toHaveLength(0);
  });
});
