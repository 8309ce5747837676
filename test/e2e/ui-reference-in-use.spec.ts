import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, merchantReference, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

/** Every sandbox order for a reference (a prepared session may open one that is never paid). */
const ordersFor = (reference: string) =>
  host.sandbox.inspect.orders().filter((o) => o.merchantReferenceId === reference);

const captures = (reference: string) =>
  ordersFor(reference).reduce((sum, order) => sum + order.captureCount, 0);
const payAttempts = (reference: string) =>
  ordersFor(reference).reduce((sum, order) => sum + order.payAttempts, 0);

/** A second sale typed with the reference of the first. */
async function payAgainWith(page: Page, reference: string) {
  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByLabel('Merchant reference', { exact: true }).fill(reference);
  await pay(page, { amount: '20.00', card: '5123456789012346' });
}

test('a reference already paid cannot be charged again: the message names that payment and opens it', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await pay(page, { amount: '75.00', card: '4440000042200014' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await payAgainWith(page, reference);

  const notice = page.getByRole('alert').filter({ hasText: 'The payment did not start.' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice).toContainText('This merchant reference already has a payment');
  const existing = notice.locator('.existing-payment');
  await expect(existing).toContainText('The payment that already has this reference');
  await expect(existing.locator('.fact').filter({ hasText: 'Merchant reference' })).toContainText(
    reference,
  );
  await expect(existing.locator('.fact').filter({ hasText: 'Amount' })).toContainText('SAR 75.00');
  await expect(existing.locator('.fact').filter({ hasText: 'Status' })).toContainText('Paid');
  await expect(existing.locator('.fact').filter({ hasText: 'Date' })).toContainText(
    String(new Date().getFullYear()),
  );
  // The refused sale never reached Pay: one capture, from the first sale.
  expect(captures(reference)).toBe(1);
  expect(payAttempts(reference)).toBe(1);
  await snap(page, 'sale-reference-in-use-en');

  // The same message in Arabic (the form keeps it across the language switch).
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  const arabic = page.getByRole('alert').filter({ hasText: 'لم تبدأ عملية الدفع.' });
  await expect(arabic).toContainText('مرجع التاجر هذا مستخدم');
  await expect(arabic.locator('.existing-payment')).toContainText('مقبولة');
  await snap(page, 'sale-reference-in-use-ar');

  await page.getByRole('button', { name: 'فتح في السجل' }).click();
  await expect(page.getByRole('button', { name: 'السجل', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.locator('.detail-screen')).toContainText(reference);
  await expect(page.locator('.detail-screen .status-badge')).toHaveText('مقبولة');
});

test('a reference still checking with the bank cannot start another sale', async () => {
  host = await launchUi({
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] } },
  });
  const { page } = host;
  const reference = await merchantReference(page);
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 1_000, 503);
  await pay(page, { amount: '640.00', card: '5123456789012346' });
  await expect(
    page.getByRole('heading', { name: 'Checking with the bank', exact: true }),
  ).toBeVisible({ timeout: 15_000 });

  await payAgainWith(page, reference);
  const notice = page.getByRole('alert').filter({ hasText: 'The payment did not start.' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  const existing = notice.locator('.existing-payment');
  await expect(existing.locator('.fact').filter({ hasText: 'Status' })).toContainText(
    'Checking with the bank',
  );
  await expect(existing.locator('.fact').filter({ hasText: 'Amount' })).toContainText('SAR 640.00');
  expect(payAttempts(reference)).toBe(1);
  expect(captures(reference)).toBe(1);
});
