import type { ReceiptPaper } from '../../../shared/ipc';
import { maskCardNumbers } from '../../../shared/text/card-in-text';
import type { ReceiptCopy } from './receipt-html';

export interface PrinterChoice {
  name: string;
  isDefault: boolean;
}

/**
 * How a receipt document leaves the app. Electron renders it in a hidden, sandboxed window
 * with JavaScript off (webContents.print / printToPDF); the test host uses a Chromium page.
 */
export interface ReceiptPrintOptions {
  /** No system print dialog. */
  silent: boolean;
  /** null means the system default printer. */
  deviceName: string | null;
  copies: number;
  paper: ReceiptPaper;
}

export interface ReceiptOutput {
  printers(): Promise<PrinterChoice[]>;
  /**
   * Resolves false if not printed (the operator cancelled the dialog); rejects with
   * PrinterNoAnswer when the printing system never says how it went.
   */
  print(html: string, options: ReceiptPrintOptions): Promise<boolean>;
  pdf(html: string, options: { paper: ReceiptPaper }): Promise<Uint8Array>;
}

/**
 * The printing system never answered (Electron's print callback does not fire on some
 * drivers): the receipt may or may not have come out, and the operator must be told.
 */
export class PrinterNoAnswer extends Error {
  constructor(readonly waitedMs: number) {
    super(`the printer did not answer within ${Math.round(waitedMs / 1000)} s`);
    this.name = 'PrinterNoAnswer';
  }
}

/** Page widths per paper; A4 is also A4 long. */
export const receiptPageMm: Record<ReceiptPaper, { width: number; height: number }> = {
  '80mm': { width: 80, height: 297 },
  '58mm': { width: 58, height: 297 },
  a4: { width: 210, height: 297 },
};

const mmPerCssPx = 25.4 / 96;
/** The rolls' @page block margins (receipt-html's layouts), top and bottom together. */
const rollBlockMarginsMm = 4;
/** Room for rounding between the laid-out height and the printed one. */
const rollSlackMm = 3;

/**
 * The page a receipt prints and saves on. A thermal roll is cut where the receipt ends, so
 * its page is as long as the content the shell measured (CSS px, laid out for print):
 * a PDF of an 80 mm receipt is a strip, not an A4 length with two thirds blank. A4 is A4.
 */
export function receiptPageSize(
  paper: ReceiptPaper,
  contentHeightPx: number,
): { width: number; height: number } {
  const page = receiptPageMm[paper];
  if (paper === 'a4') return page;
  const height = Math.ceil(contentHeightPx * mmPerCssPx + rollBlockMarginsMm + rollSlackMm);
  return { width: page.width, height: Math.max(height, page.width) };
}

/**
 * `paydesk-<reference>-<copy>.pdf`, with the merchant reference reduced to characters that
 * are safe in a file name on every OS (it is operator-typed text), after the card guard: a
 * file name outlives the sale in folder listings and recent-file menus.
 */
export const receiptFileName = (merchantReferenceId: string, copy: ReceiptCopy): string => {
  const safe = maskCardNumbers(merchantReferenceId)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '');
  return `paydesk-${safe.slice(0, 80) || 'receipt'}-${copy}.pdf`;
};
