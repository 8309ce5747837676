import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { ReceiptPaper } from '../../shared/ipc';
import {
  receiptPageSize,
  type ReceiptOutput,
  type ReceiptPrintOptions,
} from '../core/receipts/receipt-output';

export interface HostPrintJob extends ReceiptPrintOptions {
  path: string;
  /** The receipt document as the shell got it, to render again and measure in a test. */
  html: string;
}

/**
 * Electron's printing stand-in: the receipt rendered by Chromium with JavaScript off (as the
 * hidden print window), `page.pdf()` for both PDF and "print". A print job becomes a PDF in
 * `printDir`, listed in `jobs`, so tests can check what would have come out of the printer.
 */
export function createChromiumReceiptOutput(browser: Browser, printDir: string) {
  const jobs: HostPrintJob[] = [];
  const render = async (html: string, paper: ReceiptPaper): Promise<Uint8Array> => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      // Laid out for print, as the shell measures it: where `main` ends sets a roll's length.
      await page.emulateMedia({ media: 'print' });
      const box = await page.locator('main').boundingBox();
      const { width, height } = receiptPageSize(paper, box ? box.y + box.height : 0);
      return await page.pdf({ width: `${width}mm`, height: `${height}mm`, printBackground: true });
    } finally {
      await context.close();
    }
  };
  const output: ReceiptOutput = {
    printers: async () => [{ name: 'Paydesk test printer', isDefault: true }],
    async print(html, options) {
      const path = join(printDir, `print-${jobs.length + 1}.pdf`);
      await writeFile(path, await render(html, options.paper));
      jobs.push({ path, html, ...options });
      return true;
    },
    pdf: (html, { paper }) => render(html, paper),
  };
  return { output, jobs };
}
