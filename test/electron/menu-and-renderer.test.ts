import { readFileSync } from 'node:fs';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { appMenuTemplate, type MenuCommand } from '../../main/electron/app-menu';
import {
  developmentContentSecurityPolicy,
  enforceDevelopmentCsp,
  rendererContentSecurityPolicy,
  rendererMetaContentSecurityPolicy,
} from '../../main/electron/content-security-policy';
import { rendererSource } from '../../main/electron/renderer-source';
import { FakeBrowserWindow, FakeSession } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

const flatten = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);

describe('application menu', () => {
  const template = (platform: NodeJS.Platform, dev = false, language: 'en' | 'ar' = 'en') => {
    const commands: (MenuCommand | 'lock')[] = [];
    const items = flatten(
      appMenuTemplate({
        platform,
        appName: 'Paydesk',
        dev,
        language,
        onCommand: (c) => commands.push(c),
        onLock: () => commands.push('lock'),
      }),
    );
    return { items, commands };
  };

  it.each(['darwin', 'win32'] as const)(
    'has the standard roles and the app commands on %s',
    (platform) => {
      const { items, commands } = template(platform);
      const roles = items.map((item) => item.role).filter(Boolean);
      expect(roles).toEqual(
        expect.arrayContaining([
          'editMenu',
          'windowMenu',
          'zoomIn',
          'zoomOut',
          'resetZoom',
          'quit',
        ]),
      );
      for (const label of ['New sale', 'History', 'Settings…', 'Lock']) {
        const item = items.find((i) => i.label === label);
        (item?.click as () => void)();
      }
      expect(commands).toEqual(['new-sale', 'history', 'settings', 'lock']);
      expect(items.find((i) => i.label === 'Lock')?.accelerator).toBe('CmdOrCtrl+L');
      expect(items.find((i) => i.label === 'New sale')?.accelerator).toBe('CmdOrCtrl+N');
      expect(roles.includes('about')).toBe(platform === 'darwin');
    },
  );

  it.each(['darwin', 'win32'] as const)(
    'speaks the language chosen in Settings on %s, every item labelled from the tables',
    (platform) => {
      const { items, commands } = template(platform, true, 'ar');
      for (const label of ['عملية بيع جديدة', 'السجل', 'الإعدادات…', 'قفل']) {
        (items.find((i) => i.label === label)?.click as () => void)();
      }
      expect(commands).toEqual(['new-sale', 'history', 'settings', 'lock']);
      for (const role of ['editMenu', 'copy', 'paste', 'zoomIn', 'windowMenu', 'quit'] as const) {
        expect(items.find((i) => i.role === role)?.label).toMatch(/[\u0600-\u06ff]/);
      }
      // Nothing is left to Electron's built-in (English) role labels.
      const unlabelled = items.filter((i) => i.type !== 'separator' && !i.label);
      expect(unlabelled).toEqual([]);
    },
  );

  it('offers reload and developer tools only in dev builds', () => {
    expect(
      template('win32').items.some((i) => i.role === 'toggleDevTools' || i.role === 'reload'),
    ).toBe(false);
    expect(
      template('win32', true).items.filter(
        (i) => i.role === 'toggleDevTools' || i.role === 'reload',
      ),
    ).toHaveLength(2);
  });
});

describe('renderer source', () => {
  const mainModuleUrl = 'file:///opt/Paydesk/resources/app.asar/out/main/index.js';

  it('serves the packaged bundle on the app scheme and trusts exactly that origin', () => {
    const source = rendererSource({
      isPackaged: true,
      devUrl: 'http://evil.example:5173',
      mainModuleUrl,
    });
    expect(source.devOrigin).toBeNull();
    expect(source.location).toEqual({ kind: 'origin', origin: 'paydesk://app' });
    expect(source.bundleRoot).toBe('/opt/Paydesk/resources/app.asar/out/renderer');
  });

  it('loads paydesk://app/index.html, never a file:// page', async () => {
    const source = rendererSource({ isPackaged: true, devUrl: undefined, mainModuleUrl });
    const window = new FakeBrowserWindow({});
    await source.load(window as never);
    expect(window.loaded).toEqual(['paydesk://app/index.html']);
  });

  it('uses the dev server only when not packaged', () => {
    const source = rendererSource({
      isPackaged: false,
      devUrl: 'http://localhost:5173/',
      mainModuleUrl,
    });
    expect(source.location).toEqual({ kind: 'origin', origin: 'http://localhost:5173' });
    expect(source.devOrigin).toBe('http://localhost:5173');
    expect(source.bundleRoot).toBeNull();
  });
});

describe('content security policy', () => {
  it('is the very policy of the renderer’s own meta tag, plus frame-ancestors as a header', () => {
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(rendererMetaContentSecurityPolicy);
    expect(rendererContentSecurityPolicy).toBe(`${meta}; frame-ancestors 'none'`);
  });

  it('replaces any policy header of dev-server responses with the development policy', () => {
    const ses = new FakeSession('(default)');
    enforceDevelopmentCsp(ses as never, 'http://localhost:5173');
    expect(ses.headersReceived?.filter).toEqual({ urls: ['http://localhost:5173/*'] });
    let answer: Record<string, unknown> | undefined;
    ses.headersReceived?.listener(
      {
        responseHeaders: {
          'content-security-policy': ['default-src *'],
          'Content-Type': ['text/html'],
        },
      },
      (a) => (answer = a),
    );
    expect(answer).toEqual({
      responseHeaders: {
        'Content-Type': ['text/html'],
        'Content-Security-Policy': [`${developmentContentSecurityPolicy}; frame-ancestors 'none'`],
      },
    });
  });
});
