import { expect, test, type Locator } from '@playwright/test';
import type { Host } from '../host';
import { glyphsOf, readLeftToRight } from './glyph-order';
import { arabicLabels, fillSale, launchUi, merchantReference, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const digits = /[\d٠-٩]/;

/** The left and right edges of an element's glyphs, as laid out. */
async function span(element: Locator) {
  const xs = (await glyphsOf(element)).map((glyph) => glyph.x);
  return { left: Math.min(...xs), right: Math.max(...xs) };
}

test('Arabic lines: the Shift screen’s in-doubt line keeps reference, amount and time apart, each reading as written', async () => {
  host = await launchUi({
    language: 'ar',
    // The lost answer stays unknown while the test looks: no background round settles it.
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] } },
  });
  const { page } = host;
  const reference = await merchantReference(page, 'مرجع التاجر');
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 1_000, 503);
  await fillSale(page, { amount: '64.25', card: '5123456789012346' }, arabicLabels);
  await page.getByRole('button', { name: arabicLabels.pay, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'بانتظار تأكيد البنك', exact: true })).toBeVisible(
    { timeout: 15_000 },
  );

  await page.getByRole('button', { name: 'الوردية', exact: true }).click();
  const line = page.locator('.shift-actions li').filter({ hasText: reference });
  await expect(line).toHaveCount(1);
  await snap(page, 'shift-in-doubt-line-ar', { height: 1_100 });

  // Each value reads as written…
  const amount = line.locator('.value-money');
  expect(readLeftToRight(await glyphsOf(amount), digits)).toBe('6425');
  const sign = (await glyphsOf(amount)).filter((g) => /[\u0621-\u064a]/.test(g.char));
  expect(sign.map((g) => g.char).join('')).toBe('رس');
  expect(Math.max(...sign.map((g) => g.x))).toBeLessThan((await span(amount)).right);
  const reading = readLeftToRight(await glyphsOf(line.locator('.value-reference')), /[\w-]/);
  expect(reading).toBe(reference);
  const when = await glyphsOf(line.locator('.value-when'));
  expect(readLeftToRight(when, /[\d:٠-٩]/)).toMatch(/^\d{1,2}:\d{2}:\d{2}\d{8}$/);
  // …and they follow each other right to left, as the sentence does: reference first.
  const [ref, money, time] = await Promise.all(
    [line.locator('.value-reference'), amount, line.locator('.value-when')].map(span),
  );
  expect(ref!.left).toBeGreaterThan(money!.right);
  expect(money!.left).toBeGreaterThan(time!.right);

  // The measure catches the old markup: values side by side with no isolate of their own.
  await page.setContent(
    `<html dir="rtl" lang="ar"><body><p id="old">PD-1 · \u200f64.25 SAR · 26\u200f/11\u200f/2026، 5:23:41 م</p></body></html>`,
  );
  const old = readLeftToRight(await glyphsOf(page.locator('#old')), /[\d:A-Z/.]/);
  // The riyal lands inside the date: 5:23:41 2026/11/SAR 26 64.25 PD-1.
  expect(old).toContain('2026/11/SAR26');
});
