import { Emitter } from './fake-emitter';

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

/** The error Electron rejects a load with when another navigation or a close cuts it off. */
const abortedLoad = (url: string) =>
  Object.assign(new Error(`ERR_ABORTED (-3) loading '${url}'`), { code: 'ERR_ABORTED', errno: -3 });

interface PendingLoad {
  url: string;
  resolve(): void;
  reject(error: Error): void;
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
  /** Electron's print callback is known not to fire on some drivers and platforms. */
  printNeverAnswers = false;
  /** When set, executeJavaScript rejects with it (a page that navigated away meanwhile). */
  scriptError: Error | null = null;
  printers = [{ name: 'Front desk', displayName: 'Front desk', description: '', options: {} }];
  /** Loads stay pending until finishLoad() while this is set. */
  holdLoads = false;
  private pending: PendingLoad | null = null;
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
    if (this.scriptError) throw this.scriptError;
  }
  setAudioMuted(muted: boolean) {
    this.audioMuted = muted;
  }
  async getPrintersAsync() {
    return this.printers;
  }
  print(options: unknown, callback: (success: boolean, reason: string) => void) {
    this.printCalls.push(options);
    if (this.printNeverAnswers) return;
    callback(this.printSucceeds, this.printSucceeds ? '' : 'cancelled');
  }
  /** Where the receipt's `main` ends, in CSS px, as the DevTools protocol reports it. */
  contentBottomPx = 400;
  readonly debuggerCommands: string[] = [];
  readonly debugger = {
    attached: false,
    attach: () => {
      this.debugger.attached = true;
    },
    detach: () => {
      this.debugger.attached = false;
    },
    sendCommand: async (method: string) => {
      if (!this.debugger.attached) throw new Error('debugger not attached');
      this.debuggerCommands.push(method);
      if (method === 'DOM.getDocument') return { root: { nodeId: 1 } };
      if (method === 'DOM.querySelector') return { nodeId: 2 };
      if (method === 'DOM.getBoxModel') {
        const bottom = this.contentBottomPx;
        return { model: { margin: [0, 0, 300, 0, 300, bottom, 0, bottom] } };
      }
      return {};
    },
  };
  async printToPDF(options: unknown) {
    this.pdfCalls.push(options);
    return Buffer.from('%PDF-1.7 fake');
  }
  /**
   * A navigation as Electron runs it: asynchronous, and cut off (rejecting with ERR_ABORTED)
   * when another load starts or the window closes before it finished.
   */
  load(url: string): Promise<void> {
    this.abortPending();
    this.mainFrame.url = url;
    this.emit('did-start-loading');
    return new Promise<void>((resolve, reject) => {
      const pending = { url, resolve, reject };
      this.pending = pending;
      if (!this.holdLoads) setImmediate(() => this.settle(pending));
    });
  }
  /** Completes a held load. */
  finishLoad() {
    if (this.pending) this.settle(this.pending);
  }
  abortPending() {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    this.emit('did-stop-loading');
    pending.reject(abortedLoad(pending.url));
  }
  private settle(pending: PendingLoad) {
    if (this.pending !== pending) return;
    this.pending = null;
    this.emit('did-stop-loading');
    pending.resolve();
  }
}

type MenuLike = { template: { label?: string; submenu?: unknown; click?: unknown }[] };

export class FakeBrowserWindow extends Emitter {
  static readonly created: FakeBrowserWindow[] = [];
  /** Set by fake-electron: the app's web-contents-created event, fired for every window. */
  static onCreated: (window: FakeBrowserWindow) => void = () => undefined;
  /** Set by fake-electron: what Menu.setApplicationMenu applied. */
  static applicationMenu: () => MenuLike | null = () => null;
  static getAllWindows() {
    return FakeBrowserWindow.created.filter((w) => !w.destroyed);
  }
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  destroyed = false;
  shown = false;
  minimized = false;
  focused = false;
  /** undefined: no menu of its own (setMenu / removeMenu not called). */
  private ownMenu: MenuLike | null | undefined = undefined;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
    FakeBrowserWindow.onCreated(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return this.webContents.load(url);
  }
  loadFile(path: string) {
    this.loaded.push(path);
    return this.webContents.load(`file://${path}`);
  }
  /**
   * The window's menu bar as Windows and Linux give it: the application menu unless the
   * window set its own (or removed it). macOS has no per-window menu.
   */
  get menu(): MenuLike | null {
    if (process.platform === 'darwin') return null;
    return this.ownMenu === undefined ? FakeBrowserWindow.applicationMenu() : this.ownMenu;
  }
  setMenu(menu: MenuLike | null) {
    this.ownMenu = menu;
  }
  removeMenu() {
    this.ownMenu = null;
  }
  /**
   * A menu shortcut pressed while this window has focus: on macOS the application menu
   * answers whatever window is in front; elsewhere the window's own menu bar does (even a
   * hidden, autoHideMenuBar one). Returns false when no menu item answers.
   */
  pressMenuShortcut(label: string): boolean {
    const menu = process.platform === 'darwin' ? FakeBrowserWindow.applicationMenu() : this.menu;
    const flatten = (items: MenuLike['template']): MenuLike['template'] =>
      items.flatMap((item) => [
        item,
        ...(Array.isArray(item.submenu) ? flatten(item.submenu as MenuLike['template']) : []),
      ]);
    const item = menu ? flatten(menu.template).find((i) => i.label === label) : undefined;
    if (typeof item?.click !== 'function') return false;
    (item.click as (item: unknown, window: unknown) => void)(item, this);
    return true;
  }
  show() {
    this.shown = true;
  }
  isVisible() {
    return this.shown && !this.destroyed;
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
    this.webContents.abortPending();
    this.emit('closed');
  }
}
