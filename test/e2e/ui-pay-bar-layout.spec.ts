import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const sizes = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/**
 * What the Total/Pay bar does to the element: 'covered' when Chromium's hit test at one of
 * its points (centre, corners) answers something inside the bar, 'below' when a visible
 * part of it lies under the bar's bottom edge (shown through a gap the bar should close).
 */
const barOver = (page: Page, selector: string) =>
  page.evaluate((target) => {
    const bar = document.querySelector('.pay-bar');
    const element = target === ':focus' ? document.activeElement : document.querySelector(target);
    if (!bar || !(element instanceof HTMLElement)) return 'missing';
    if (bar.contains(element)) return 'in bar';
    const box = element.getBoundingClientRect();
    const barBox = bar.getBoundingClientRect();
    if (Math.min(box.bottom, window.innerHeight) > barBox.bottom + 1) return 'below';
    for (const [x, y] of [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 2, box.top + 2],
      [box.right - 2, box.bottom - 2],
    ] as const) {
      const top = document.elementFromPoint(x, y);
      if (top && bar.contains(top)) return 'covered';
    }
    return 'clear';
  }, selector);

/** Every field of the form: none shows below the bar, whatever the scroll position. */
async function expectNothingBelowBar(page: Page) {
  const below = await page.evaluate(() => {
    const bar = document.querySelector('.pay-bar')?.getBoundingClientRect();
    if (!bar) return ['no pay bar'];
    return [...document.querySelectorAll<HTMLElement>('form input, form select, form label')]
      .filter((field) => {
        const box = field.getBoundingClientRect();
        return box.height > 0 && Math.min(box.bottom, window.innerHeight) > bar.bottom + 1;
      })
      .map((field) => field.textContent || field.getAttribute('aria-label') || field.id);
  });
  expect(below).toEqual([]);
}

/** Tabs from Amount to Pay: each field the cursor lands in is clear of the bar. */
async function expectEveryTabStopClear(page: Page, pay: string) {
  await page.getByRole('textbox').first().focus();
  for (let stop = 0; stop < 30; stop += 1) {
    const name = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id,
    );
    expect([name, await barOver(page, ':focus')]).not.toContain('covered');
    expect(await barOver(page, ':focus'), `${name}`).not.toBe('below');
    await expectNothingBelowBar(page);
    const onPay = await page.evaluate((text) => document.activeElement?.textContent === text, pay);
    if (onPay) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached Pay');
}

for (const language of ['en', 'ar'] as const) {
  const pay = language === 'en' ? 'Pay' : 'دفع';
  // With Authorize only ticked the button holds the amount.
  const hold = language === 'en' ? 'Hold amount' : 'حجز المبلغ';
  for (const size of sizes) {
    test(`sale form (${language}, ${size.width}×${size.height}): the Total/Pay bar covers no field`, async () => {
      host = await launchUi({ language, viewport: size });
      const { page } = host;
      await snap(page, `sale-layout-${size.width}-${language}`);
      await expectNothingBelowBar(page);
      // On first start the Authorize only switch is either clear of the bar or scrolled
      // wholly under it, never half hidden; reached, it is clear.
      const authorize = page.getByRole('checkbox').first();
      await authorize.focus();
      expect(await barOver(page, '.authorize-only')).toBe('clear');
      await expectEveryTabStopClear(page, pay);
      await authorize.check();
      // The form's own checks under every field lengthen it.
      await page.locator('.button-pay').click();
      await expectEveryTabStopClear(page, hold);
      await snap(page, `sale-layout-errors-${size.width}-${language}`);
    });
  }
}
