// A stand-in for the `electron` module (the only mock our tests allow): just enough of
// Electron's main-process API for main/electron and main/index.ts to run in Node, recording
// what they asked for so tests can pin window options, handlers and IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Listener = (...args: never[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    const wrapped = ((...args: never[]) => {
      this.off(event, wrapped);
      return listener(...args);
    }) as Listener;
    return this.on(event, wrapped);
  }
  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => unknown)(...args);
  }
  count(event: string) {
    return this.listeners.get(event)?.length ?? 0;
  }
}

/** An event object as Electron passes to will-navigate and friends. */
export const navigationEvent = (url: string) => {
  const event = {
    url,
    defaultPrevented: false,
    preventDefault: () => void (event.defaultPrevented = true),
  };
  return event;
};

export class FakeWebFrameMain {
  constructor(
    public url: string,
    public parent: FakeWebFrameMain | null = null,
  ) {}
}

export class FakeWebContents extends Emitter {
  mainFrame = new FakeWebFrameMain('about:blank');
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;
  readonly sent: [string, unknown][] = [];
  readonly executed: string[] = [];
  readonly printCalls: unknown[] = [];
  readonly pdfCalls: unknown[] = [];
  audioMuted = false;
  printSucceeds = true;
  printers = [{ name: 'Front desk', displayName: 'Front desk', description: '', options: {} }];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  isDestroyed() {
    return this.destroyed;
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  async executeJavaScript(code: string) {
    this.executed.push(code);
  }
  setAudioMuted(muted: boolean) {
    this.audioMuted = muted;
  }
  async getPrintersAsync() {
    return this.printers;
  }
  print(options: unknown, callback: (success: boolean, reason: string) => void) {
    this.printCalls.push(options);
    callback(this.printSucceeds, this.printSucceeds ? '' : 'cancelled');
  }
  async printToPDF(options: unknown) {
    this.pdfCalls.push(options);
    return Buffer.from('%PDF-1.7 fake');
  }
}

export class FakeBrowserWindow extends Emitter {
  static readonly created: FakeBrowserWindow[] = [];
  static getAllWindows() {
    return FakeBrowserWindow.created.filter((w) => !w.destroyed);
  }
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  destroyed = false;
  shown = false;
  minimized = false;
  focused = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  async loadURL(url: string) {
    this.loaded.push(url);
    this.webContents.mainFrame.url = url;
  }
  async loadFile(path: string) {
    this.loaded.push(path);
    this.webContents.mainFrame.url = `file://${path}`;
  }
  show() {
    this.shown = true;
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  focus() {
    this.focused = true;
  }
  /** What the operator's close button does. */
  close() {
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

type RequestListener = (
  details: Record<string, unknown>,
  callback: (response: Record<string, unknown>) => void,
) => void;

export class FakeSession extends Emitter {
  permissionRequest:
    ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null =
    null;
  permissionCheck: ((contents: unknown, permission: string) => boolean) | null = null;
  devicePermission: (() => boolean) | null = null;
  beforeRequest: { filter: { urls: string[] }; listener: RequestListener } | null = null;
  headersReceived: { filter: { urls: string[] }; listener: RequestListener } | null = null;
  cleared = 0;
  constructor(
    readonly partition: string,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
  }
  readonly webRequest = {
    onBeforeRequest: (filter: { urls: string[] } | null, listener?: RequestListener) => {
      this.beforeRequest = filter && listener ? { filter, listener } : null;
    },
    onHeadersReceived: (filter: { urls: string[] }, listener: RequestListener) => {
      this.headersReceived = { filter, listener };
    },
  };
  setPermissionRequestHandler(handler: FakeSession['permissionRequest']) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']) {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: FakeSession['devicePermission']) {
    this.devicePermission = handler;
  }
  getUserAgent() {
    return 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Electron/45.4.1 Safari/537.36';
  }
  async clearStorageData() {
    this.cleared += 1;
  }
  async clearCache() {}
}

const partitions = new Map<string, FakeSession>();
export const session = {
  defaultSession: new FakeSession('(default)'),
  fromPartition(partition: string, options?: Record<string, unknown>) {
    const existing = partitions.get(partition);
    if (existing) return existing;
    const created = new FakeSession(partition, options);
    partitions.set(partition, created);
    return created;
  },
  partitions,
};

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
