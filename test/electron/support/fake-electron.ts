// A stand-in for the `electron` module (the only mock our tests allow): just enough of
// Electron's main-process API for main/electron and main/index.ts to run in Node, recording
// what they asked for so tests can pin window options, handlers and IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Emitter } from './fake-emitter';
import { FakeBrowserWindow } from './fake-windows';
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
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string) {
    this.handlers.delete(channel);
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
    return Buffer.from(`v10${[...plainText].reverse().join('')}`, 'utf8');
  },
  async decryptStringAsync(encrypted: Buffer) {
    return {
      shouldReEncrypt: false,
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

export const Menu = {
  applied: null as unknown,
  buildFromTemplate: (template: unknown) => ({ template }),
  setApplicationMenu(menu: unknown) {
    Menu.applied = menu;
  },
};

class FakeApp extends Emitter {
  home = '';
  name = 'Paydesk';
  isPackaged = true;
  sandboxEnabled = false;
  singleInstance = true;
  quitCalls = 0;
  exitCode: number | null = null;
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
    this.singleInstance = true;
    this.quitCalls = 0;
    this.exitCode = null;
    this.readyPromise = new Promise<void>((resolve) => (this.ready = resolve));
  }
  getPath(name: string) {
    this.home ||= mkdtempSync(join(tmpdir(), 'paydesk-fake-electron-'));
    return join(this.home, name);
  }
  getVersion() {
    return '0.1.0';
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

/**
 * Vitest keeps a mocked module across vi.resetModules, so a test that loads main/index.ts
 * again starts from a clean Electron with this.
 */
export function resetFakeElectron(): void {
  app.reset();
  FakeBrowserWindow.created.length = 0;
  ipcMain.handlers.clear();
  partitions.clear();
  session.defaultSession = new FakeSession('(default)');
  shell.opened.length = 0;
  dialog.answer = null;
  dialog.requests.length = 0;
  dialog.errors.length = 0;
  Menu.applied = null;
}
