import { BrowserWindow, session, type Session, type WebContents } from 'electron';
import type { ReceiptOutput } from '../core/receipts/receipt-output';
import { denyNewWindows, denyPermissions, guardNavigation } from './web-hardening';

// Receipts need no network and no script, so a data: document (opaque origin) is enough.
const htmlDataUrl = (html: string): string =>
  `data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`;

let receiptSession: Session | null = null;
const receiptsSession = (): Session => {
  if (!receiptSession) {
    receiptSession = session.fromPartition('receipts', { cache: false });
    denyPermissions(receiptSession);
  }
  return receiptSession;
};

/**
 * Receipts are laid out in a hidden window that can do nothing but render: sandboxed, no
 * preload, JavaScript off, an in-memory partition, loaded from a data: URL (the document's
 * own CSP also allows nothing but its inline style).
 */
async function withReceiptWindow<T>(
  html: string,
  use: (contents: WebContents) => Promise<T>,
): Promise<T> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      session: receiptsSession(),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      javascript: false,
      webSecurity: true,
      images: false,
      spellcheck: false,
      devTools: false,
    },
  });
  denyNewWindows(window.webContents, false);
  guardNavigation(window.webContents, () => false);
  try {
    await window.loadURL(htmlDataUrl(html));
    return await use(window.webContents);
  } finally {
    if (!window.isDestroyed()) window.destroy();
  }
}

/**
 * Printing and PDF through Chromium's own print pipeline. `mainContents` lists the printers
 * (any live webContents can, the main window's always exists).
 */
export function createElectronReceiptOutput(mainContents: () => WebContents | null): ReceiptOutput {
  return {
    async printers() {
      const contents = mainContents();
      if (!contents || contents.isDestroyed()) return [];
      // Electron 45's PrinterInfo no longer says which printer is the default; a null
      // deviceName prints to the system default anyway.
      return (await contents.getPrintersAsync()).map((printer) => ({
        name: printer.name,
        isDefault: false,
      }));
    },
    print: (html, { silent, deviceName }) =>
      withReceiptWindow(
        html,
        (contents) =>
          new Promise<boolean>((resolve) => {
            contents.print(
              { silent, printBackground: true, ...(deviceName ? { deviceName } : {}) },
              (success) => resolve(success),
            );
          }),
      ),
    pdf: (html) =>
      withReceiptWindow(html, (contents) =>
        contents.printToPDF({ printBackground: true, pageSize: 'A4', preferCSSPageSize: true }),
      ),
  };
}
