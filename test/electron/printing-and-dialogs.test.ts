import { describe, expect, it, vi } from 'vitest';
import { createElectronReceiptOutput } from '../../main/electron/printing';
import { createSaveDialogTarget } from '../../main/electron/save-dialog';
import {
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
    expect(await output.print(receiptHtml, { silent: true, deviceName: 'Front desk' })).toBe(true);
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
    ses.permissionRequest?.(window.webContents, 'media', granted);
    expect(granted).toHaveBeenCalledWith(false);
    expect(window.loaded[0]).toMatch(/^data:text\/html;charset=utf-8;base64,/);
    expect(decoded(window.loaded[0] ?? '')).toBe(receiptHtml);
    expect(window.webContents.printCalls).toEqual([
      { silent: true, printBackground: true, deviceName: 'Front desk' },
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
    const printing = output.print(receiptHtml, { silent: false, deviceName: null });
    const window = FakeBrowserWindow.created.at(-1)!;
    window.webContents.printSucceeds = false;
    expect(await printing).toBe(false);
    expect(window.webContents.printCalls).toEqual([{ silent: false, printBackground: true }]);
  });

  it('makes a PDF with printToPDF', async () => {
    const bytes = await output.pdf(receiptHtml);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const window = FakeBrowserWindow.created.at(-1)!;
    expect(window.webContents.pdfCalls).toEqual([
      { printBackground: true, pageSize: 'A4', preferCSSPageSize: true },
    ]);
    expect(window.destroyed).toBe(true);
  });

  it('lists printers through the main window, none without it', async () => {
    expect(await output.printers()).toEqual([{ name: 'Front desk', isDefault: false }]);
    expect(await createElectronReceiptOutput(() => null).printers()).toEqual([]);
  });
});

describe('save dialog', () => {
  it('asks where to save, starting in Documents with the suggested name, and honours Cancel', async () => {
    const target = createSaveDialogTarget({
      parent: () => null,
      documentsDir: '/home/op/Documents',
    });
    dialog.answer = '/home/op/Documents/r.pdf';
    expect(await target.choosePath({ defaultName: 'paydesk-R1-customer.pdf', kind: 'pdf' })).toBe(
      '/home/op/Documents/r.pdf',
    );
    expect(dialog.requests.at(-1)).toMatchObject({
      defaultPath: '/home/op/Documents/paydesk-R1-customer.pdf',
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    });
    dialog.answer = null;
    expect(await target.choosePath({ defaultName: 'h.csv', kind: 'csv' })).toBeNull();
  });
});
