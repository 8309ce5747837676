// A stand-in for the `electron` module (the only mock our tests allow): just enough of
// Electron's main-process API for main/electron and main/index.ts to run in Node, recording
// what they asked for so tests can pin window options, handlers and IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Emitter } from './fake-emitter';
import { FakeBrowserWindow, navigationEvent } from './fake-windows';
import { FakeSession, partitions, session } from './fake-session';

export {
  navigationEvent,
  FakeBrowserWindow,
  FakeWebContents,
  FakeWebFrameMain,
} from './fake-windows';
export { FakeSession, session } from './fake-session';

export const BrowserWindow = FakeBrowserWindow;

type Handler = (event: unknown, payload: unknown) => unknown;
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  /** ipcMain.on listeners by channel: anything here answers a renderer's send/sendSync. */
  listeners: new Map<string, Handler[]>(),
  /** Every channel a listener was ever added for, across resets (module state elsewhere). */
  everListened: new Set<string>(),
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  },
  on(channel: string, listener: Handler) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    this.everListened.add(channel);
    return this;
  },
  removeAllListeners(channel?: string) {
    if (channel === undefined) this.listeners.clear();
    else this.listeners.delete(channel);
    return this;
  },
  /** Channels with at least one listener or handler: what a renderer could reach. */
  channels() {
    return [
      ...this.handlers.keys(),
      ...[...this.listeners].filter(([, list]) => list.length > 0).map(([channel]) => channel),
    ];
  },
};

type ProtocolHandler = (request: Request) => Response | Promise<Response>;
export const protocol = {
  privileged: [] as { scheme: string; privileges?: Record<string, boolean> }[],
  handlers: new Map<string, ProtocolHandler>(),
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]) {
    // Electron: "This method can only be used before the ready event of the app gets emitted".
    if (app.isReady()) throw new Error('registerSchemesAsPrivileged called after ready');
    protocol.privileged.push(...schemes);
  },
  handle(scheme: string, handler: ProtocolHandler) {
    if (!app.isReady()) throw new Error('protocol.handle called before ready');
    if (protocol.handlers.has(scheme)) throw new Error(`scheme ${scheme} already handled`);
    protocol.handlers.set(scheme, handler);
  },
  /** What the renderer's fetch of `url` gets: the scheme's handler answers, or nothing does. */
  async fetch(url: string, init?: RequestInit): Promise<Response | null> {
    const handler = protocol.handlers.get(new URL(url).protocol.slice(0, -1));
    return handler ? handler(new Request(url, init)) : null;
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    shell.opened.push(url);
  },
};

export const safeStorage = {
  backend: 'gnome_libsecret' as string,
  available: true,
  getSelectedStorageBackend() {
    return this.backend;
  },
  async isAsyncEncryptionAvailable() {
    return this.available;
  },
  // Reversible but not the plain text, so a test can tell ciphertext from password.
  async encryptStringAsync(plainText: string) {
    const version = this.keyRotated ? 'v11' : 'v10';
    return Buffer.from(`${version}${[...plainText].reverse().join('')}`, 'utf8');
  },
  /** What the OS says of the next decryption: true once it has rotated its key. */
  keyRotated: false,
  async decryptStringAsync(encrypted: Buffer) {
    return {
      shouldReEncrypt: this.keyRotated && encrypted.toString('utf8').startsWith('v10'),
      result: [...encrypted.toString('utf8').slice(3)].reverse().join(''),
    };
  },
};

export const dialog = {
  answer: null as string | null,
  requests: [] as Record<string, unknown>[],
  errors: [] as [string, string][],
  async showSaveDialog(...args: unknown[]) {
    dialog.requests.push(args.at(-1) as Record<string, unknown>);
    return dialog.answer
      ? { canceled: false, filePath: dialog.answer }
      : { canceled: true, filePath: '' };
  },
  showErrorBox(title: string, content: string) {
    dialog.errors.push([title, content]);
  },
};

type FakeMenu = { template: { label?: string; submenu?: unknown; click?: unknown }[] };
export const Menu = {
  applied: null as FakeMenu | null,
  buildFromTemplate: (template: FakeMenu['template']): FakeMenu => ({ template }),
  setApplicationMenu(menu: FakeMenu | null) {
    Menu.applied = menu;
  },
};
FakeBrowserWindow.applicationMenu = () => Menu.applied;

class FakeApp extends Emitter {
  home = '';
  name = 'Paydesk';
  isPackaged = true;
  sandboxEnabled = false;
  singleInstance = true;
  quitCalls = 0;
  exitCode: number | null = null;
  private readyNow = false;
  private readonly paths = new Map<string, string>();
  /** Folders the OS cannot resolve: getPath throws for them, as Electron does. */
  readonly unresolvable = new Set<string>();
  readonly switches = new Set<string>();
  readonly commandLine = {
    hasSwitch: (name: string) => this.switches.has(name),
  };
  private ready: () => void = () => undefined;
  private readyPromise: Promise<void> = Promise.resolve();
  constructor() {
    super();
    this.reset();
  }
  /** A fresh app: new home folder, not ready yet, no listeners. */
  reset() {
    this.listeners.clear();
    if (this.home) rmSync(this.home, { recursive: true, force: true });
    this.home = '';
    this.sandboxEnabled = false;
    this.isPackaged = true;
    this.singleInstance = true;
    this.quitCalls = 0;
    this.exitCode = null;
    this.locale = 'en-US';
    this.readyNow = false;
    this.paths.clear();
    this.unresolvable.clear();
    this.switches.clear();
    this.readyPromise = new Promise<void>((resolve) => (this.ready = resolve));
  }
  getPath(name: string) {
    if (this.unresolvable.has(name)) throw new Error(`Failed to get '${name}' path`);
    this.home ||= mkdtempSync(join(tmpdir(), 'paydesk-fake-electron-'));
    const userData = this.paths.get('userData') ?? join(this.home, 'appData', this.name);
    const defaults: Record<string, string> = {
      appData: join(this.home, 'appData'),
      userData,
      // Electron derives these from userData unless they were set themselves.
      sessionData: userData,
      logs: join(userData, 'logs'),
    };
    return this.paths.get(name) ?? defaults[name] ?? join(this.home, name);
  }
  setPath(name: string, path: string) {
    // Electron: userData must be set before ready; afterwards the profile is already open.
    if (this.readyNow && (name === 'userData' || name === 'sessionData')) {
      throw new Error(`setPath('${name}') after ready has no effect on the open profile`);
    }
    this.paths.set(name, path);
  }
  isReady() {
    return this.readyNow;
  }
  getVersion() {
    return '0.1.0';
  }
  /** The system language as Electron reports it (the start-up failure box speaks it). */
  locale = 'en-US';
  getLocale() {
    return this.locale;
  }
  enableSandbox() {
    this.sandboxEnabled = true;
  }
  requestSingleInstanceLock() {
    return this.singleInstance;
  }
  whenReady() {
    return this.readyPromise;
  }
  /** The test says when Electron is ready. */
  becomeReady() {
    this.readyNow = true;
    this.ready();
  }
  quit() {
    this.quitCalls += 1;
  }
  exit(code: number) {
    this.exitCode = code;
  }
}
export const app = new FakeApp();

// Electron emits web-contents-created for every webContents, ours included.
FakeBrowserWindow.onCreated = (window) =>
  app.emit('web-contents-created', navigationEvent(''), window.webContents);

// electron-store is loaded by Node outside Vitest's module graph; electron-store-hook hands
// it this same fake, so what its constructor registers lands on the ipcMain tests inspect.
(globalThis as { paydeskFakeElectron?: unknown }).paydeskFakeElectron = { app, ipcMain, shell };

/**
 * Vitest keeps a mocked module across vi.resetModules, so a test that loads main/index.ts
 * again starts from a clean Electron with this.
 */
export function resetFakeElectron(): void {
  app.reset();
  FakeBrowserWindow.created.length = 0;
  ipcMain.handlers.clear();
  // ipcMain.listeners stay: a dependency that registered one keeps its own module state
  // (electron-store registers only once per process), so clearing them would hide it.
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  partitions.clear();
  session.defaultSession = new FakeSession('(default)');
  shell.opened.length = 0;
  dialog.answer = null;
  dialog.requests.length = 0;
  dialog.errors.length = 0;
  Menu.applied = null;
}
