import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcContract } from '../../shared/ipc';
import { appIndexUrl, serveRendererBundle } from '../../main/electron/app-protocol';
import { buildApp } from './support/built-app';
import {
  bareImportsOf,
  isNodeBuiltin,
  packageOf,
  shippedDependencies,
} from './support/bundle-imports';
import { repoRoot } from '../electron-smoke/electron-binary';
import { app, protocol, resetFakeElectron } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

/** The only modules Electron's sandboxed preload `require` knows (Electron docs, "Sandbox"). */
const sandboxModules = ['electron', 'events', 'timers', 'url'];

let outDir = '';
beforeAll(async () => {
  outDir = await buildApp();
}, 120_000);
afterAll(() => {
  resetFakeElectron();
  rmSync(outDir, { recursive: true, force: true });
});

/**
 * Runs the built preload as Electron runs a sandboxed one: a CommonJS body in a fresh
 * context whose `require` serves only the sandbox's modules. Anything else throws, as in
 * Electron, where the preload then dies and `window.paydesk` never exists.
 */
function runPreload(code: string) {
  const exposed = new Map<string, unknown>();
  const invoked: [string, unknown][] = [];
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api),
    },
    ipcRenderer: {
      invoke: async (channel: string, payload: unknown) => {
        invoked.push([channel, payload]);
        return { ok: true, value: null };
      },
      on: () => undefined,
      removeListener: () => undefined,
    },
  };
  const required: string[] = [];
  const require = (name: string) => {
    required.push(name);
    if (!sandboxModules.includes(name)) throw new Error(`module not found: ${name}`);
    return name === 'electron' ? electron : {};
  };
  const module = { exports: {} };
  const context = createContext({ console });
  const body = runInContext(`(function (require, module, exports) {\n${code}\n})`, context) as (
    ...args: unknown[]
  ) => void;
  body(require, module, module.exports);
  return { exposed, invoked, required };
}

describe('built preload (out/preload/index.cjs)', () => {
  it('runs with only the modules a sandboxed preload may require', () => {
    const { required, exposed } = runPreload(
      readFileSync(join(outDir, 'preload', 'index.cjs'), 'utf8'),
    );
    expect(required.filter((name) => !sandboxModules.includes(name))).toEqual([]);
    expect([...exposed.keys()]).toEqual(['paydesk']);
  });

  it('exposes one function per channel of the contract, each invoking its channel', async () => {
    const { exposed, invoked } = runPreload(
      readFileSync(join(outDir, 'preload', 'index.cjs'), 'utf8'),
    );
    const api = exposed.get('paydesk') as Record<string, (request: unknown) => Promise<unknown>>;
    expect(Object.keys(api).sort()).toEqual([...Object.keys(ipcContract), 'on'].sort());
    for (const [method, { channel }] of Object.entries(ipcContract)) {
      expect(typeof api[method], method).toBe('function');
      await api[method]!({ probe: method });
      expect(invoked.at(-1)).toEqual([channel, { probe: method }]);
    }
    expect(typeof api.on).toBe('function');
  });
});

describe('built renderer on the app scheme', () => {
  it('loads index.html and every script and stylesheet it names from paydesk://app', async () => {
    resetFakeElectron();
    app.becomeReady();
    serveRendererBundle(join(outDir, 'renderer'));
    const index = await protocol.fetch(appIndexUrl);
    expect(index?.status).toBe(200);
    const html = (await index?.text()) ?? '';
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const url = new URL(asset, appIndexUrl).href;
      expect(url.startsWith('paydesk://app/'), asset).toBe(true);
      expect((await protocol.fetch(url))?.status, url).toBe(200);
    }
  });
});

describe('built main and worker bundles (out/main)', () => {
  const entries = {
    main: 'index.js',
    'journal reader': 'journal-reader.js',
    'store thread': 'store-thread.js',
  };
  const shipped = shippedDependencies(repoRoot);

  it('import only Node builtins and shipped dependencies, and electron only in main', () => {
    const strays: string[] = [];
    for (const [name, file] of Object.entries(entries)) {
      const imports = bareImportsOf(join(outDir, 'main', file));
      for (const [specifier, importers] of imports) {
        const allowed =
          isNodeBuiltin(specifier) ||
          shipped.includes(packageOf(specifier)) ||
          (name === 'main' && specifier === 'electron');
        if (!allowed) strays.push(`${name}: ${specifier} (from ${importers.join(', ')})`);
      }
    }
    expect(strays).toEqual([]);
  });

  it('leave electron out of the worker threads, chunks included (a worker cannot load it)', () => {
    const main = bareImportsOf(join(outDir, 'main', entries.main));
    expect(main.has('electron')).toBe(true);
    expect(main.has('undici')).toBe(true);
    const reader = bareImportsOf(join(outDir, 'main', entries['journal reader']));
    const store = bareImportsOf(join(outDir, 'main', entries['store thread']));
    // What each thread needs is there: the scan reads the bundles, it does not pass on empty.
    expect(reader.has('node:worker_threads')).toBe(true);
    expect(store.has('pg')).toBe(true);
    expect(reader.has('electron')).toBe(false);
    expect(store.has('electron')).toBe(false);
  });
});
