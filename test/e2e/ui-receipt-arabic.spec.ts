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

test('Arabic receipt: the masked card reads 588845******0003, the brand sits to its right, money reads as on screen', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  await fillSale(page, { amount: '1250.50', card: '5888450000000003' }, arabicLabels);
  await page.getByRole('button', { name: 'دفع', exact: true }).click();
  await completeChallenge(await host.nextChallenge(), '123456');
  await expect(page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  // On screen, the currency (its code or «ر.س») reads left of the digits: ر.س 1,250.50.
  const screenAmount = await glyphsOf(page.locator('.amount-display'));
  expect(currencyLeftOfDigits(screenAmount)).toBe(true);

  await page.getByRole('button', { name: 'طباعة الإيصال' }).click();
  await expect(page.getByText('تم إرسال الإيصال إلى الطابعة.')).toBeVisible();
  const receipt = await page.context().newPage();
  await receipt.setViewportSize({ width: 420, height: 800 });
  await receipt.setContent(host.printJobs[0]!.html);
  await snap(receipt, 'receipt-ar');

  const cardCell = 'dt:text-is("البطاقة") + dd';
  await expect(receipt.locator(cardCell)).toContainText('588845******0003');
  const card = await glyphsOf(receipt.locator(cardCell));
  expect(readLeftToRight(card, digitsAndStars)).toBe('588845******0003');
  // Right to left: the brand (first in reading order) is right of the number.
  const brandX = Math.min(...card.filter((g) => arabicLetters.test(g.char)).map((g) => g.x));
  const numberX = Math.max(...card.filter((g) => digitsAndStars.test(g.char)).map((g) => g.x));
  expect(brandX).toBeGreaterThan(numberX);

  // The receipt's money reads like the screen's: the currency left of 1,250.50.
  const amount = await glyphsOf(receipt.locator('.amount'));
  expect(currencyLeftOfDigits(amount)).toBe(true);
  expect(readLeftToRight(amount, /[\d٠-٩]/)).toBe(readLeftToRight(screenAmount, /[\d٠-٩]/));

  // The measure catches the old markup: brand and number in one left-to-right isolate.
  await receipt.setContent(
    '<html dir="rtl" lang="ar"><body><p id="old"><bdi dir="ltr">مدى 588845******0003</bdi></p></body></html>',
  );
  expect(readLeftToRight(await glyphsOf(receipt.locator('#old')), digitsAndStars)).toBe(
    '0003******588845',
  );
});
