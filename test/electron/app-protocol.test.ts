import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleFileFor, serveRendererBundle } from '../../main/electron/app-protocol';
import { rendererContentSecurityPolicy } from '../../main/electron/content-security-policy';
import { app, protocol, resetFakeElectron } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

// A bundle folder with a secret next to it, as out/renderer sits beside out/main.
const top = mkdtempSync(join(tmpdir(), 'paydesk-scheme-'));
const root = join(top, 'renderer');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><p>Paydesk</p>');
writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(top, 'secret.txt'), 'journal key');
mkdirSync(join(top, 'renderer-evil'));
writeFileSync(join(top, 'renderer-evil', 'x.js'), 'evil');

beforeAll(() => {
  resetFakeElectron();
  app.becomeReady();
  serveRendererBundle(root);
});
afterAll(() => {
  resetFakeElectron();
  rmSync(top, { recursive: true, force: true });
});

const get = async (url: string, init?: RequestInit) => {
  const response = await protocol.fetch(url, init);
  return { status: response?.status, type: response?.headers.get('content-type'), response };
};

describe('paydesk://app serves the renderer bundle and nothing else', () => {
  it('serves index.html (also for /) with its CSP as a header, and assets with their types', async () => {
    for (const url of ['paydesk://app/index.html', 'paydesk://app/']) {
      const { status, type, response } = await get(url);
      expect(status, url).toBe(200);
      expect(type).toBe('text/html; charset=utf-8');
      expect(response?.headers.get('content-security-policy')).toBe(rendererContentSecurityPolicy);
      expect(await response?.text()).toContain('Paydesk');
    }
    const script = await get('paydesk://app/assets/index-abc.js?v=1#x');
    expect(script).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
    expect(script.response?.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    'paydesk://app/../secret.txt',
    'paydesk://app/%2e%2e/secret.txt',
    'paydesk://app/%2E%2E%2Fsecret.txt',
    'paydesk://app/assets/..%2f..%2fsecret.txt',
    'paydesk://app/..%5csecret.txt',
    'paydesk://app/assets%5c..%5c..%5csecret.txt',
    'paydesk://app/%252e%252e/secret.txt',
    'paydesk://app/../renderer-evil/x.js',
    'paydesk://app/missing.js',
    'paydesk://app/assets',
    'paydesk://app/index.html%00.js',
    'paydesk://other/index.html',
    'paydesk://app/%E0%A4%A',
  ])('refuses %s with a 404', async (url) => {
    const { status, response } = await get(url);
    expect(status).toBe(404);
    expect(await response?.text()).not.toContain('journal key');
  });

  it('answers only GET and HEAD', async () => {
    expect((await get('paydesk://app/index.html', { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await get('paydesk://app/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe('bundle path resolution', () => {
  const winRoot = 'C:\\Program Files\\Paydesk\\resources\\app.asar\\out\\renderer';

  it('keeps Windows paths inside the bundle, whatever separator or drive a URL names', () => {
    expect(bundleFileFor('paydesk://app/assets/a.js', winRoot, path.win32)).toBe(
      `${winRoot}\\assets\\a.js`,
    );
    for (const url of [
      'paydesk://app/..%5c..%5cjournal.sqlite',
      'paydesk://app/assets%5c..%5c..%5c..%5cWindows%5cwin.ini',
      'paydesk://app/C:%5cWindows%5cwin.ini',
      'paydesk://app/C:/Windows/win.ini',
    ]) {
      expect(bundleFileFor(url, winRoot, path.win32), url).toBeNull();
    }
  });

  it('keeps POSIX paths inside the bundle', () => {
    expect(
      bundleFileFor('paydesk://app/assets/a.js', '/opt/Paydesk/out/renderer', path.posix),
    ).toBe('/opt/Paydesk/out/renderer/assets/a.js');
    // A leading `..` is clamped at the root by URL parsing itself, as for http.
    expect(bundleFileFor('paydesk://app/%2e%2e/main/index.js', '/r', path.posix)).toBe(
      '/r/main/index.js',
    );
    expect(bundleFileFor('paydesk://app/a/..%2f..%2fmain/index.js', '/r', path.posix)).toBeNull();
    expect(bundleFileFor('file:///r/index.html', '/r', path.posix)).toBeNull();
  });
});
