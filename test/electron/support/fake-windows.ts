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
