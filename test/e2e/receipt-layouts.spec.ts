import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { receiptPaperSchema, type AttemptResult, type ReceiptPaper } from '../../shared/ipc';
import { renderReceiptHtml, type ReceiptInput } from '../../main/core/receipts/receipt-html';
import { receiptPageMm } from '../../main/core/receipts/receipt-output';
import { createChromiumReceiptOutput } from '../../main/preview/chromium-receipt-output';
import { snap } from './ui-helpers';

// Every receipt layout rendered by Chromium (JavaScript off, as the print window) on the
// page it is printed and saved on: nothing wider than the paper, one page, no label broken
// over two lines, headings centred, a roll's PDF as long as its receipt.
const refund = (amountMinor: number, createdAt: string) => ({
  type: 'Refund',
  status: 'Success',
  amountMinor,
  currency: 'SAR',
  authorizationCode: 'R7Q2K9',
  rrn: '432112349999',
  responseCode: '000',
  createdAt,
});
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
/** The sale after a refund of 250.00. */
const partlyRefunded: AttemptResult = {
  ...result,
  amountMinor: 125_050,
  order: {
    ...result.order!,
    capturedMinor: 125_050,
    refundedMinor: 25_000,
    transactions: [refund(25_000, '2026-11-23T10:00:00Z')],
  },
};
const captured: AttemptResult = {
  ...result,
  order: {
    ...result.order!,
    transactions: [{ ...refund(123_456_789, '2026-11-23T10:00:00Z'), type: 'Capture' }],
  },
};
const header = {
  merchantName: 'Dar Al Qahwa Specialty Roasters and Bakery',
  address: 'King Fahd Road, Al Olaya District, Riyadh 12214',
  vatNumber: '300012345600003',
};
const pxPerMm = 96 / 25.4;
const printable: Record<ReceiptPaper, number> = { '80mm': 72, '58mm': 48, a4: 110 };
const layouts = [
  { name: 'en', language: 'en', bilingual: false },
  { name: 'ar', language: 'ar', bilingual: false },
  { name: 'bilingual', language: 'ar', bilingual: true },
] as const;

test.use({ javaScriptEnabled: false });

const receiptOf = (paper: ReceiptPaper, layout: (typeof layouts)[number], patch = {}) =>
  renderReceiptHtml({
    result,
    header,
    copy: 'merchant',
    language: layout.language,
    bilingual: layout.bilingual,
    training: true,
    paper,
    timeZone: 'Asia/Riyadh',
    ...patch,
  } satisfies ReceiptInput);

/** A PDF's (first) page size in mm, from its MediaBox in points. */
function pageMmOf(pdf: Uint8Array): { width: number; height: number } {
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(
    Buffer.from(pdf).toString('latin1'),
  )!;
  const mm = (points: string) => (Number(points) / 72) * 25.4;
  return { width: mm(box[1]!), height: mm(box[2]!) };
}

async function show(page: Page, paper: ReceiptPaper, html: string) {
  await page.setViewportSize({
    width: Math.round(receiptPageMm[paper].width * pxPerMm),
    height: 1000,
  });
  await page.emulateMedia({ media: 'print' });
  await page.setContent(html, { waitUntil: 'load' });
}

for (const paper of receiptPaperSchema.options) {
  for (const layout of layouts) {
    test(`the ${paper} receipt in ${layout.name} fits its paper`, async ({ page }) => {
      const { width, height } = receiptPageMm[paper];
      await show(page, paper, receiptOf(paper, layout));
      const measured = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        return {
          mainWidth: main.getBoundingClientRect().width,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      expect(measured.overflow).toBeLessThanOrEqual(0);
      expect(measured.mainWidth / pxPerMm).toBeLessThanOrEqual(printable[paper] + 0.5);
      const pdf = await page.pdf({ width: `${width}mm`, height: `${height}mm` });
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
      expect(pages).toHaveLength(1);
    });
  }
}

for (const layout of layouts) {
  test(`80 mm in ${layout.name}: no label wraps, the hold's title is centred like the rest`, async ({
    page,
  }) => {
    await show(page, '80mm', receiptOf('80mm', layout, { result: captured, kind: 'capture' }));
    // Each label's text lies on one line (its box may be taller: the row grows with its
    // value), "Authorisation code" too.
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll('dt')].map((dt) => {
        const range = document.createRange();
        range.selectNodeContents(dt);
        // Arabic and Latin glyphs of one line sit a few px apart: a new line is 8 px lower.
        const tops = [...range.getClientRects()].map((rect) => rect.top).sort((a, b) => a - b);
        const lines = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
        return { text: dt.textContent, lines };
      }),
    );
    for (const label of labels) expect(label.lines, label.text ?? '').toBe(1);
    expect(labels.some((l) => /Authorisation code|رمز الموافقة/.test(l.text ?? ''))).toBe(true);

    // "CAPTURE OF A HELD PAYMENT" sits centred on the roll, as the status under it does.
    const centres = await page.evaluate(() => {
      const centreOf = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const box = range.getBoundingClientRect();
        return box.left + box.width / 2;
      };
      const main = document.querySelector('main')!.getBoundingClientRect();
      const titles = [...document.querySelectorAll('main > .copy')];
      return {
        main: main.left + main.width / 2,
        title: centreOf(titles.at(-1)!),
        status: centreOf(document.querySelector('.status')!),
      };
    });
    expect(Math.abs(centres.title - centres.main)).toBeLessThan(2);
    expect(Math.abs(centres.status - centres.main)).toBeLessThan(2);
  });
}

test('a roll receipt saves as a PDF page as long as its content, A4 as A4', async ({
  page,
  browser,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-pdf-'));
  try {
    const { output } = createChromiumReceiptOutput(browser, dir);
    for (const paper of ['80mm', '58mm'] as const) {
      for (const layout of layouts) {
        const html = receiptOf(paper, layout);
        await show(page, paper, html);
        const content = (await page.locator('main').boundingBox())!;
        const contentMm = (content.y + content.height) / pxPerMm;
        const bytes = await output.pdf(html, { paper });
        const pdf = Buffer.from(bytes).toString('latin1');
        const { width: widthMm, height: heightMm } = pageMmOf(bytes);
        expect(widthMm).toBeCloseTo(receiptPageMm[paper].width, 0);
        // The content, the roll's 4 mm of margins and a few mm for rounding: no blank tail.
        expect(heightMm - contentMm).toBeGreaterThan(3);
        expect(heightMm - contentMm).toBeLessThan(9);
        expect(pdf.match(/\/Type\s*\/Page\b/g) ?? []).toHaveLength(1);
        test.info().annotations.push({
          type: 'figure',
          description: `${paper} ${layout.name}: content ${contentMm.toFixed(1)} mm, page ${heightMm.toFixed(1)} mm`,
        });
      }
    }
    const a4 = pageMmOf(await output.pdf(receiptOf('a4', layouts[0]), { paper: 'a4' }));
    expect(a4.height).toBeCloseTo(297, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// README's receipt pictures: 80 mm and A4, English, Arabic and bilingual, and a refund's.
for (const paper of ['80mm', 'a4'] as const) {
  for (const layout of layouts) {
    test(`screenshot: the ${paper} receipt in ${layout.name}, and a refund receipt`, async ({
      page,
    }) => {
      await show(page, paper, receiptOf(paper, layout, { result: partlyRefunded }));
      await page.emulateMedia({ media: 'screen' });
      await snap(page, `receipt-${paper}-${layout.name}`, { height: 1100 });
      await show(
        page,
        paper,
        receiptOf(paper, layout, { result: partlyRefunded, kind: 'refund', refund: 0 }),
      );
      await page.emulateMedia({ media: 'screen' });
      await snap(page, `receipt-refund-${paper}-${layout.name}`, { height: 1100 });
    });
  }
}
