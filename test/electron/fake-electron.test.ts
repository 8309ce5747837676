import { describe, expect, it, vi } from 'vitest';
import { matchesPattern } from './support/match-pattern';
import { app, FakeBrowserWindow, FakeSession, Menu } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

// The fake stands in for Electron in every shell test; these pin the behaviour the shell
// depends on, as Electron documents it, so a test cannot pass on a fake that lies.
describe('fake electron', () => {
  it.each([
    ['https://return.paydesk.app/*', 'https://return.paydesk.app/3ds/a?code=000', true],
    ['https://return.paydesk.app/*', 'https://return.paydesk.app:8443/3ds', true],
    ['https://return.paydesk.app/*', 'http://return.paydesk.app/3ds', false],
    ['https://return.paydesk.app/*', 'https://evil.return.paydesk.app/3ds', false],
    ['https://return.paydesk.app/*', 'https://return.paydesk.app.evil.example/', false],
    ['https://*.paydesk.app/*', 'https://paydesk.app/', true],
    ['https://*.paydesk.app/*', 'https://a.b.paydesk.app/x', true],
    ['https://*.paydesk.app/*', 'https://notpaydesk.app/x', false],
    ['*://acs.example/*', 'http://acs.example/x', true],
    ['*://acs.example/*', 'ftp://acs.example/x', false],
    ['http://127.0.0.1:40123/*', 'http://127.0.0.1:40124/x', false],
    ['https://h.example/3ds/*', 'https://h.example/other?x=/3ds/', false],
    ['https://h.example/a*b', 'https://h.example/a?q=b', true],
    ['https://h.example/page', 'https://h.example/page#frag', true],
    ['<all_urls>', 'https://x.example/', true],
  ])('%s matches %s: %s', (pattern, url, expected) => {
    expect(matchesPattern(pattern, url)).toBe(expected);
  });

  it('routes a request to onBeforeRequest only through its URL filter', () => {
    const ses = new FakeSession('p');
    const heard: string[] = [];
    ses.webRequest.onBeforeRequest({ urls: ['https://a.example/*'] }, (details, callback) => {
      heard.push(details.url as string);
      callback({ cancel: true });
    });
    expect(ses.request({ url: 'https://b.example/' })).toBe('not-intercepted');
    expect(ses.request({ url: 'https://a.example/x' })).toEqual({ cancel: true });
    expect(heard).toEqual(['https://a.example/x']);
  });

  it('fires web-contents-created for every window, and aborts a load cut off by another', async () => {
    const created: unknown[] = [];
    const listener = (_event: unknown, contents: unknown) => created.push(contents);
    app.on('web-contents-created', listener);
    const window = new FakeBrowserWindow({});
    app.off('web-contents-created', listener);
    expect(created).toEqual([window.webContents]);
    const first = window.loadURL('https://a.example/');
    const second = window.loadURL('https://b.example/');
    await expect(first).rejects.toThrow(/ERR_ABORTED/);
    await expect(second).resolves.toBeUndefined();
    const third = window.loadURL('https://c.example/');
    window.destroy();
    await expect(third).rejects.toThrow(/ERR_ABORTED/);
  });

  it('never fires ready-to-show by itself', async () => {
    const window = new FakeBrowserWindow({});
    const shown = vi.fn();
    window.on('ready-to-show', shown);
    await window.loadURL('about:blank');
    expect(shown).not.toHaveBeenCalled();
  });

  it('gives every window the application menu on Windows, none of its own on macOS', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Menu.setApplicationMenu(Menu.buildFromTemplate([{ label: 'New sale', click: vi.fn() }]));
    try {
      Object.defineProperty(process, 'platform', { value: 'win32' });
      const window = new FakeBrowserWindow({});
      expect(window.menu).toBe(Menu.applied);
      expect(window.pressMenuShortcut('New sale')).toBe(true);
      window.removeMenu();
      expect(window.pressMenuShortcut('New sale')).toBe(false);
      Object.defineProperty(process, 'platform', { value: 'darwin' });
      // macOS: the app menu answers whatever window is in front, menu or not.
      expect(window.menu).toBeNull();
      expect(window.pressMenuShortcut('New sale')).toBe(true);
    } finally {
      Object.defineProperty(process, 'platform', platform);
      Menu.setApplicationMenu(null);
    }
  });
});
