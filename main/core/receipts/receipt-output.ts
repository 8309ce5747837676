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
export interface ReceiptOutput {
  printers(): Promise<PrinterChoice[]>;
  /** `deviceName` null means the system default printer. Resolves false if not printed. */
  print(html: string, options: { silent: boolean; deviceName: string | null }): Promise<boolean>;
  pdf(html: string): Promise<Uint8Array>;
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
