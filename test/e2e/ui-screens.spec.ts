import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const rootFontPx = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

const sideways = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, document.querySelector('main')!].some(
      (el) => el.scrollWidth > el.clientWidth + 1,
    ),
  );

test('1024×700: Pay stays in view when every field shows an error', async () => {
  host = await launchUi({ viewport: { width: 1024, height: 700 } });
  const { page } = host;
  const payButton = page.getByRole('button', { name: 'Pay', exact: true });
  await payButton.click();
  await expect(page.getByText('Enter the amount.')).toBeVisible();
  await expect(page.getByText('Enter the card number.')).toBeVisible();
  await expect(payButton).toBeInViewport({ ratio: 1 });
  expect(await rootFontPx(page)).toBe(16);
  expect(await sideways(page)).toBe(false);
  await snap(page, 'sale-errors-en');
});

test('Arabic at 1024×700: the CVV hint stays beside its label, the CVV box in line with expiry', async () => {
  host = await launchUi({ language: 'ar', viewport: { width: 1024, height: 700 } });
  const { page } = host;
  await page.getByLabel('رقم البطاقة', { exact: true }).fill('5888450000000003');
  const expiry = await page.getByLabel('تاريخ الانتهاء', { exact: true }).boundingBox();
  const cvv = await page.getByLabel('رمز CVV', { exact: true }).boundingBox();
  expect(Math.abs(expiry!.y - cvv!.y)).toBeLessThan(1);
  const payButton = page.getByRole('button', { name: 'دفع', exact: true });
  await payButton.click();
  await expect(payButton).toBeInViewport({ ratio: 1 });
});

for (const [width, height, minFont] of [
  [1920, 1080, 19],
  [2560, 1440, 22],
] as const) {
  test(`${width}×${height}: larger type and a second column with this sale and the last sales`, async () => {
    host = await launchUi({ viewport: { width, height } });
    const { page } = host;
    await pay(page, { amount: '42.00', card: '5123456789012346' });
    await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByLabel('Amount', { exact: true }).fill('1250.50');

    expect(await rootFontPx(page)).toBeGreaterThanOrEqual(minFont);
    const side = page.getByRole('complementary', { name: 'This sale and the last sales' });
    await expect(side).toBeVisible();
    await expect(side.getByRole('region', { name: 'This sale' })).toContainText('SAR 1,250.50');
    await expect(side.getByRole('region', { name: 'Last sales' })).toContainText('SAR 42.00');
    await expect(side.getByRole('region', { name: 'Last sales' })).toContainText('Paid');
    // The form uses the room: wider than the old fixed 880 px column, side by side.
    const form = (await page.locator('.sale-form').boundingBox())!;
    const column = (await side.boundingBox())!;
    expect(form.width).toBeGreaterThan(880);
    expect(column.x).toBeGreaterThan(form.x + form.width);
    expect(await sideways(page)).toBe(false);
    if (width === 1920) await snap(page, 'sale-wide-en');
  });
}

test('1920×1080 in Arabic: the second column sits on the left, right to left', async () => {
  host = await launchUi({ language: 'ar', viewport: { width: 1920, height: 1080 } });
  const { page } = host;
  const side = page.getByRole('complementary', { name: 'عملية البيع الحالية وآخر المبيعات' });
  await expect(side).toBeVisible();
  const form = (await page.locator('.sale-form').boundingBox())!;
  expect((await side.boundingBox())!.x).toBeLessThan(form.x);
  await snap(page, 'sale-wide-ar');
});

test('below the wide breakpoint there is no second column', async () => {
  host = await launchUi({ viewport: { width: 1280, height: 800 } });
  await expect(host.page.getByRole('complementary')).toHaveCount(0);
});

test('live mode needs a merchant name on receipts; Training does not', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Environment', { exact: true }).selectOption('ksa');
  await page.getByLabel('Merchant name').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Real payments need the merchant name on every receipt.',
  );
  expect((await host.core.settings.view()).settings.environment).toBe('training');
  await page.getByLabel('Merchant name').fill('Corner Shop Riyadh');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await host.core.settings.view()).settings.environment).toBe('ksa');
});
