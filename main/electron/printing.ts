import {
  BrowserWindow,
  session,
  type Session,
  type WebContents,
  type WebContentsPrintOptions,
} from 'electron';
import type { ReceiptPaper } from '../../shared/ipc';
import {
  PrinterNoAnswer,
  receiptPageSize,
  type ReceiptOutput,
  type ReceiptPrintOptions,
} from '../core/receipts/receipt-output';
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
 * How long a print may take before the operator is told the printer did not answer:
 * straight to the printer, a spooler answers within seconds; through the dialog, the
 * operator may take a while to choose.
 */
export const printTimeouts = { silentMs: 60_000, dialogMs: 10 * 60_000 };

const microns = (mm: number) => mm * 1000;

/**
 * The page Chromium prints on. A silent print without a page size comes out on A4 whatever
 * the printer holds (electron#39670). A thermal roll on a named receipt printer uses that
 * printer's own page (its roll, as its driver describes it); without one, the roll's width
 * and the receipt's own length are given in microns. A4 is A4.
 */
async function pageOptions(
  contents: WebContents,
  paper: ReceiptPaper,
  deviceName: string | null,
): Promise<Pick<WebContentsPrintOptions, 'pageSize' | 'usePrinterDefaultPageSize'>> {
  if (paper === 'a4') return { pageSize: 'A4' };
  if (deviceName) return { usePrinterDefaultPageSize: true };
  const { width, height } = receiptPageSize(paper, await contentHeightPx(contents));
  return { pageSize: { width: microns(width), height: microns(height) } };
}

/**
 * Where the receipt's content ends, in CSS px laid out for print. The receipt window runs no
 * script, so it is read over the DevTools protocol, which needs none: the box of `main`.
 */
async function contentHeightPx(contents: WebContents): Promise<number> {
  const cdp = contents.debugger;
  cdp.attach('1.3');
  try {
    await cdp.sendCommand('Emulation.setEmulatedMedia', { media: 'print' });
    const { root } = (await cdp.sendCommand('DOM.getDocument', { depth: 0 })) as {
      root: { nodeId: number };
    };
    const { nodeId } = (await cdp.sendCommand('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: 'main',
    })) as { nodeId: number };
    const { model } = (await cdp.sendCommand('DOM.getBoxModel', { nodeId })) as {
      model: { margin: number[] };
    };
    // The margin quad's corners as x, y pairs: the largest y is where the content ends.
    return Math.max(...model.margin.filter((_, i) => i % 2 === 1));
  } finally {
    cdp.detach();
  }
}

/** webContents.print as a promise that gives up when its callback never fires. */
function printWithDeadline(
  contents: WebContents,
  options: WebContentsPrintOptions,
  timeoutMs: number,
): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PrinterNoAnswer(timeoutMs)), timeoutMs);
    contents.print(options, (success) => {
      clearTimeout(timer);
      resolve(success);
    });
  });
}

/**
 * Printing and PDF through Chromium's own print pipeline. `mainContents` lists the printers
 * (any live webContents can, the main window's always exists).
 */
export function createElectronReceiptOutput(
  mainContents: () => WebContents | null,
  timeouts: typeof printTimeouts = printTimeouts,
): ReceiptOutput {
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
    print: (html, { silent, deviceName, copies, paper }: ReceiptPrintOptions) =>
      withReceiptWindow(html, async (contents) =>
        printWithDeadline(
          contents,
          {
            silent,
            printBackground: true,
            copies,
            ...(deviceName ? { deviceName } : {}),
            ...(await pageOptions(contents, paper, deviceName)),
          },
          silent ? timeouts.silentMs : timeouts.dialogMs,
        ),
      ),
    pdf: (html, { paper }) =>
      withReceiptWindow(html, async (contents) => {
        // printToPDF measures pages in inches.
        const inches = async () => {
          const { width, height } = receiptPageSize(paper, await contentHeightPx(contents));
          return { width: width / 25.4, height: height / 25.4 };
        };
        const pageSize = paper === 'a4' ? 'A4' : await inches();
        return contents.printToPDF({ printBackground: true, pageSize, preferCSSPageSize: false });
      }),
  };
}
