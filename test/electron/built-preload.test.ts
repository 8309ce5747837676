import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipcContract } from '../../shared/ipc';
import { buildApp } from './support/built-app';

/** The only modules Electron's sandboxed preload `require` knows (Electron docs, "Sandbox"). */
const sandboxModules = ['electron', 'events', 'timers', 'url'];

let outDir = '';
beforeAll(async () => {
  outDir = await buildApp();
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

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
