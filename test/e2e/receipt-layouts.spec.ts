import { expect, test } from '@playwright/test';
import { receiptPaperSchema, type AttemptResult } from '../../shared/ipc';
import { renderReceiptHtml } from '../../main/core/receipts/receipt-html';
import { receiptPageMm } from '../../main/core/receipts/receipt-output';

// Every receipt layout rendered by Chromium (JavaScript off, as the print window) on the
// page it is printed and saved on: nothing wider than the paper, one page.
const result: AttemptResult = {
  attemptId: 'a1',
  outcome: 'paid',
  amountMinor: 123_456_789,
  currency: 'SAR',
  merchantReferenceId: 'PD-20261122-AB12CD',
  card: { brand: 'mada', masked: '588845******0003', holderName: 'Abdulrahman Al-Qahtani' },
  order: {
    orderId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    status: 'Success',
    detailedStatus: 'Paid',
    authorizationCode: 'A1B2C3',
    rrn: '432112345678',
    capturedMinor: 123_456_789,
    refundedMinor: 0,
    transactions: [],
  },
  failure: null,
  createdAt: Date.UTC(2026, 10, 22, 9, 5, 7),
};
const header = {
  merchantName: 'Dar Al Qahwa Specialty Roasters and Bakery',
  address: 'King Fahd Road, Al Olaya District, Riyadh 12214',
  vatNumber: '300012345600003',
};
const pxPerMm = 96 / 25.4;

test.use({ javaScriptEnabled: false });

for (const paper of receiptPaperSchema.options) {
  for (const language of ['en', 'ar'] as const) {
    test(`the ${paper} receipt in ${language} fits its paper`, async ({ page }) => {
      const { width, height } = receiptPageMm[paper];
      await page.setViewportSize({ width: Math.round(width * pxPerMm), height: 1000 });
      await page.emulateMedia({ media: 'print' });
      const html = renderReceiptHtml({
        result,
        header,
        copy: 'merchant',
        language,
        training: true,
        paper,
        timeZone: 'Asia/Riyadh',
      });
      await page.setContent(html, { waitUntil: 'load' });
      const measured = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        return {
          mainWidth: main.getBoundingClientRect().width,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(measured.overflow).toBeLessThanOrEqual(0);
      const printable = paper === 'a4' ? 110 : width === 80 ? 72 : 48;
      expect(measured.mainWidth / pxPerMm).toBeLessThanOrEqual(printable + 0.5);
      const pdf = await page.pdf({ width: `${width}mm`, height: `${height}mm` });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
      expect(pages).toHaveLength(1);
    });
  }
}
