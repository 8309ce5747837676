import { expect, test } from '@playwright/test';
import { completeChallenge, type Host } from '../host';
import { glyphsOf, readLeftToRight, type Glyph } from './glyph-order';
import { arabicLabels, fillSale, launchUi, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const digitsAndStars = /[\d٠-٩*]/;
const arabicLetters = /[\u0621-\u064a]/;
const currencyLetters = /[A-Z\u0621-\u064a]/;

/** True when every letter of the currency (code or Arabic sign) lies left of every digit. */
const currencyLeftOfDigits = (glyphs: Glyph[]) =>
  Math.max(...glyphs.filter((g) => currencyLetters.test(g.char)).map((g) => g.x)) <
  Math.min(...glyphs.filter((g) => digitsAndStars.test(g.char)).map((g) => g.x));

/** An Arabic sale of 1,250.50 on a mada card, approved after the customer's code. */
async function approvedArabicSale(h: Host) {
  await fillSale(h.page, { amount: '1250.50', card: '5888450000000003' }, arabicLabels);
  await h.page.getByRole('button', { name: 'دفع', exact: true }).click();
  await completeChallenge(await h.nextChallenge(), '123456');
  await expect(h.page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
}

/** Prints the sale's receipt and opens what went to the printer in a page of its own. */
async function printedReceipt(h: Host, height: number) {
  await h.page.getByRole('button', { name: 'طباعة الإيصال' }).click();
  await expect(h.page.getByText('تم إرسال الإيصال إلى الطابعة.')).toBeVisible();
  const receipt = await h.page.context().newPage();
  await receipt.setViewportSize({ width: 420, height });
  await receipt.setContent(h.printJobs[0]!.html);
  return receipt;
}

test('Arabic receipt: the masked card reads 588845******0003, the brand sits to its right, money reads as on screen', async () => {
  host = await launchUi({ language: 'ar', settings: { bilingualReceipts: false } });
  const { page } = host;
  await approvedArabicSale(host);
  // On screen, the currency (its code or «ر.س») reads left of the digits: ر.س 1,250.50.
  const screenAmount = await glyphsOf(page.locator('.amount-display'));
  expect(currencyLeftOfDigits(screenAmount)).toBe(true);

  const receipt = await printedReceipt(host, 800);
  await snap(receipt, 'receipt-ar');

  const cardCell = 'dt:text-is("البطاقة") + dd';
  await expect(receipt.locator(cardCell)).toContainText('588845******0003');
  const card = await glyphsOf(receipt.locator(cardCell));
  expect(readLeftToRight(card, digitsAndStars)).toBe('588845******0003');
  // Right to left: the brand (first in reading order) is right of the number.
  const brandX = Math.min(...card.filter((g) => arabicLetters.test(g.char)).map((g) => g.x));
  const numberX = Math.max(...card.filter((g) => digitsAndStars.test(g.char)).map((g) => g.x));
  expect(brandX).toBeGreaterThan(numberX);

  // The receipt's money reads like the screen's: the currency left of 1,250.50, the riyal
  // as the customer reads it («ر.س»).
  const amount = await glyphsOf(receipt.locator('.amount'));
  expect(readLeftToRight(amount, digitsAndStars)).toBe(
    readLeftToRight(screenAmount, digitsAndStars),
  );
  const riyal = amount.filter((g) => arabicLetters.test(g.char));
  expect(riyal.map((g) => g.char).sort()).toEqual(['ر', 'س']);
  expect(currencyLeftOfDigits(amount)).toBe(true);
  expect(await receipt.locator('body').textContent()).not.toContain('SAR');

  // The measure catches the old markup: brand and number in one left-to-right isolate.
  await receipt.setContent(
    '<html dir="rtl" lang="ar"><body><p id="old"><bdi dir="ltr">مدى 588845******0003</bdi></p></body></html>',
  );
  expect(readLeftToRight(await glyphsOf(receipt.locator('#old')), digitsAndStars)).toBe(
    '0003******588845',
  );
});

test('bilingual receipt (the default): English labels on the left, Arabic on the right, values read left to right', async () => {
  host = await launchUi({ language: 'ar' });
  await approvedArabicSale(host);
  const receipt = await printedReceipt(host, 900);
  await snap(receipt, 'receipt-bilingual-sale', { height: 1000 });

  // Every label pair: the English at the start of the line (left), the Arabic at its end.
  const main = (await receipt.locator('main').boundingBox())!;
  const labels = receipt.locator('dt');
  expect(await labels.count()).toBeGreaterThanOrEqual(8);
  for (const label of await labels.all()) {
    const english = (await label.locator('[lang="en"]').boundingBox())!;
    const arabic = (await label.locator('[lang="ar"]').boundingBox())!;
    expect(english.x).toBeLessThan(main.x + 2);
    expect(arabic.x + arabic.width).toBeGreaterThan(main.x + main.width - 2);
    expect(arabic.x).toBeGreaterThan(english.x + english.width);
    // One line each: no label breaks on the 80 mm roll.
    expect(Math.abs(english.y - arabic.y)).toBeLessThan(4);
  }
  // The heading in both languages, each centred.
  await expect(receipt.locator('.status [lang="en"]')).toHaveText('APPROVED');
  await expect(receipt.locator('.status [lang="ar"]')).toHaveText('مقبولة');

  const cardCell = 'dt:has(span:text-is("Card")) + dd';
  expect(readLeftToRight(await glyphsOf(receipt.locator(cardCell)), digitsAndStars)).toBe(
    '588845******0003',
  );
  // Values print once, in the English format: SAR left of 1,250.50.
  const amount = await glyphsOf(receipt.locator('.amount'));
  expect(readLeftToRight(amount, /[A-Z\d,.]/)).toBe('SAR1,250.50');
  const type = receipt.locator('dt:has(span:text-is("Transaction")) + dd');
  await expect(type).toHaveText('Purchase / شراء');
});
