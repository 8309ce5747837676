import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMainWindow, mainWindowPreferences } from '../../main/electron/main-window';
import type { RendererSource } from '../../main/electron/renderer-source';
import { FakeBrowserWindow, navigationEvent, shell } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const renderer: RendererSource = {
  location: { kind: 'origin', origin: 'paydesk://app' },
  devOrigin: null,
  bundleRoot: '/app/out/renderer',
  load: vi.fn(async (window) => {
    await window.loadURL('paydesk://app/index.html');
  }),
};

const open = () => {
  createMainWindow({ preloadPath: '/app/out/preload/index.cjs', renderer, logger });
  return FakeBrowserWindow.created.at(-1)!;
};

beforeEach(() => {
  shell.opened.length = 0;
});

describe('main window', () => {
  it('pins the security-relevant web preferences', () => {
    expect(mainWindowPreferences('/p/index.cjs')).toEqual({
      preload: '/p/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    });
    const window = open();
    expect(window.options).toMatchObject({
      show: false,
      minWidth: 1024,
      minHeight: 700,
      webPreferences: mainWindowPreferences('/app/out/preload/index.cjs'),
    });
  });

  it('loads the renderer and shows the window once it is ready', async () => {
    const window = open();
    await vi.waitFor(() => expect(window.loaded).toEqual(['paydesk://app/index.html']));
    expect(window.shown).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it.each([
    ['https://docs.paydesk.app/help', true],
    ['https://www.geidea.net/', true],
    ['http://docs.paydesk.app/help', false],
    ['https://evil.example/', false],
    ['https://docs.paydesk.app.evil.example/', false],
    ['https://evil.example@docs.paydesk.app/', false],
    ['https://docs.paydesk.app:8443/', false],
    ['ms-settings:privacy', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['paydesk://x', false],
  ])('denies window.open(%s); opens it in the browser: %s', (url, external) => {
    const window = open();
    expect(window.webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    expect(shell.opened).toEqual(external ? [url] : []);
  });

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    'prevents every %s',
    (name) => {
      const window = open();
      for (const url of [
        'https://evil.example/',
        'file:///app/out/renderer/index.html',
        'paydesk://app/index.html',
        'about:blank',
      ]) {
        const event = navigationEvent(url);
        window.webContents.emit(name, event);
        expect(event.defaultPrevented, `${name} ${url}`).toBe(true);
      }
    },
  );

  it('sends an allowed https link the operator clicks to the browser, nothing else', () => {
    const window = open();
    window.webContents.emit('will-navigate', navigationEvent('https://geidea.net/'));
    window.webContents.emit('will-navigate', navigationEvent('http://geidea.net/'));
    window.webContents.emit('will-navigate', navigationEvent('https://phish.example/login'));
    expect(shell.opened).toEqual(['https://geidea.net/']);
  });

  it('refuses webviews', () => {
    const window = open();
    const event = navigationEvent('');
    window.webContents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('reloads the renderer after a crash, not after a clean exit', async () => {
    const window = open();
    await vi.waitFor(() => expect(window.loaded).toHaveLength(1));
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit' });
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed' });
    await vi.waitFor(() => expect(window.loaded).toHaveLength(2));
    expect(logger.error).toHaveBeenCalledWith('renderer process gone', { reason: 'crashed' });
  });
});
