import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PrinterNoAnswer } from '../../main/core/receipts/receipt-output';
import { createElectronReceiptOutput } from '../../main/electron/printing';
import { createSaveDialogTarget } from '../../main/electron/save-dialog';
import {
  app,
  dialog,
  FakeBrowserWindow,
  FakeWebContents,
  navigationEvent,
  type FakeSession,
} from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

const receiptHtml = '<!doctype html><p>Receipt</p>';
const decoded = (url: string) => Buffer.from(url.split(',')[1] ?? '', 'base64').toString('utf8');

describe('receipt printing', () => {
  const main = new FakeWebContents();
  const output = createElectronReceiptOutput(() => main as never);

  it('renders in a hidden, sandboxed window with JavaScript off, from a data: URL, then closes it', async () => {
    expect(
      await output.print(receiptHtml, {
        silent: true,
        deviceName: 'Front desk',
        copies: 2,
        paper: '80mm',
      }),
    ).toBe(true);
    const window = FakeBrowserWindow.created.at(-1)!;
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: {
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        javascript: false,
        webSecurity: true,
        devTools: false,
      },
    });
    expect(window.options.webPreferences).not.toHaveProperty('preload');
    const ses = (window.options.webPreferences as { session: FakeSession }).session;
    expect(ses.partition).toBe('receipts');
    const granted = vi.fn();
    ses.permissionRequest?.(window.webContents, 'media', granted, { requestingUrl: 'about:blank' });
    expect(granted).toHaveBeenCalledWith(false);
    expect(window.loaded[0]).toMatch(/^data:text\/html;charset=utf-8;base64,/);
    expect(decoded(window.loaded[0] ?? '')).toBe(receiptHtml);
    expect(window.webContents.printCalls).toEqual([
      {
        silent: true,
        printBackground: true,
        copies: 2,
        deviceName: 'Front desk',
        // The receipt printer's own roll, never Chromium's A4 default (electron#39670).
        usePrinterDefaultPageSize: true,
      },
    ]);
    expect(window.webContents.windowOpenHandler?.({ url: 'https://x.example' })).toEqual({
      action: 'deny',
    });
    const navigation = navigationEvent('https://x.example');
    window.webContents.emit('will-navigate', navigation);
    expect(navigation.defaultPrevented).toBe(true);
    expect(window.destroyed).toBe(true);
  });

  it('prints to the system default when no printer is chosen, and reports a failed print', async () => {
    app.once('web-contents-created', (_event: unknown, contents: FakeWebContents) => {
      contents.printSucceeds = false;
    });
    const printing = output.print(receiptHtml, {
      silent: false,
      deviceName: null,
      copies: 1,
      paper: 'a4',
    });
    const window = FakeBrowserWindow.created.at(-1)!;
    expect(await printing).toBe(false);
    expect(window.webContents.printCalls).toEqual([
      { silent: false, printBackground: true, copies: 1, pageSize: 'A4' },
    ]);
  });

  it('gives a thermal roll its width and the length of its content in microns when no receipt printer is named', async () => {
    await output.print(receiptHtml, { silent: true, deviceName: null, copies: 1, paper: '58mm' });
    const contents = FakeBrowserWindow.created.at(-1)!.webContents;
    // 400 CSS px of content is 105.8 mm, plus 4 mm of page margins and 3 mm of slack.
    expect(contents.printCalls).toEqual([
      {
        silent: true,
        printBackground: true,
        copies: 1,
        pageSize: { width: 58_000, height: 113_000 },
      },
    ]);
    // Measured for print, over the DevTools protocol (the window runs no script), then let go.
    expect(contents.debuggerCommands[0]).toBe('Emulation.setEmulatedMedia');
    expect(contents.debugger.attached).toBe(false);
  });

  it('gives up on a print whose callback never fires, and closes its window', async () => {
    const impatient = createElectronReceiptOutput(() => main as never, {
      silentMs: 50,
      dialogMs: 80,
    });
    for (const silent of [true, false]) {
      app.once('web-contents-created', (_event: unknown, contents: FakeWebContents) => {
        contents.printNeverAnswers = true;
      });
      const printing = impatient.print(receiptHtml, {
        silent,
        deviceName: null,
        copies: 1,
        paper: '80mm',
      });
      const window = FakeBrowserWindow.created.at(-1)!;
      const error = await printing.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PrinterNoAnswer);
      expect((error as PrinterNoAnswer).waitedMs).toBe(silent ? 50 : 80);
      expect(window.destroyed).toBe(true);
    }
  });

  it('makes a PDF with printToPDF on the same paper as the print, a roll as long as its content', async () => {
    const bytes = await output.pdf(receiptHtml, { paper: 'a4' });
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const window = FakeBrowserWindow.created.at(-1)!;
    expect(window.webContents.pdfCalls).toEqual([
      { printBackground: true, pageSize: 'A4', preferCSSPageSize: false },
    ]);
    expect(window.destroyed).toBe(true);
    await output.pdf(receiptHtml, { paper: '80mm' });
    expect(FakeBrowserWindow.created.at(-1)!.webContents.pdfCalls).toEqual([
      {
        printBackground: true,
        pageSize: { width: 80 / 25.4, height: 113 / 25.4 },
        preferCSSPageSize: false,
      },
    ]);
  });

  it('lists printers through the main window, none without it', async () => {
    expect(await output.printers()).toEqual([{ name: 'Front desk', isDefault: false }]);
    expect(await createElectronReceiptOutput(() => null).printers()).toEqual([]);
  });
});

describe('save dialog', () => {
  it('asks where to save, starting in Documents with the suggested name, and honours Cancel', async () => {
    const target = createSaveDialogTarget({ parent: () => null });
    const documents = app.getPath('documents');
    dialog.answer = join(documents, 'r.pdf');
    expect(await target.choosePath({ defaultName: 'paydesk-R1-customer.pdf', kind: 'pdf' })).toBe(
      join(documents, 'r.pdf'),
    );
    expect(dialog.requests.at(-1)).toMatchObject({
      defaultPath: join(documents, 'paydesk-R1-customer.pdf'),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    dialog.answer = null;
    expect(await target.choosePath({ defaultName: 'h.csv', kind: 'csv' })).toBeNull();
  });

  it('starts in the home folder when Documents cannot be resolved, then in the app data folder', async () => {
    const target = createSaveDialogTarget({ parent: () => null });
    app.unresolvable.add('documents');
    try {
      await target.choosePath({ defaultName: 'h.csv', kind: 'csv' });
      expect(dialog.requests.at(-1)).toMatchObject({
        defaultPath: join(app.getPath('home'), 'h.csv'),
      });
      app.unresolvable.add('home');
      await target.choosePath({ defaultName: 'h.csv', kind: 'csv' });
      expect(dialog.requests.at(-1)).toMatchObject({
        defaultPath: join(app.getPath('userData'), 'h.csv'),
      });
    } finally {
      app.unresolvable.clear();
    }
  });
});
