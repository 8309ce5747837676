import { expect, test } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, merchantReference, pay, sandboxOrderFor, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('a lost Pay answer shows "Checking with the bank", then settles as paid exactly once', async () => {
  host = await launchUi({
    // Background Get order rounds every 1.5 s instead of 10 s, so the test settles quickly.
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [1_500] } },
  });
  const { page } = host;
  const reference = await merchantReference(page);
  // Pay charges the card but its answer never arrives, and the first Get order calls fail
  // too, so the outcome stays unknown past the Pay call itself.
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 2, 503);
  await pay(page, { amount: '640.00', card: '5123456789012346' });

  const checking = page.getByRole('heading', { name: 'Checking with the bank', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Do not take this payment again', { exact: false })).toBeVisible();
  // Unknown is never shown as a failure, and no receipt can be printed for it yet.
  await expect(page.getByRole('heading', { name: 'Not approved' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toHaveCount(0);
  await snap(page, 'result-checking-en');

  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('The bank has answered: this is the final result.')).toBeVisible();
  await expect(page.getByText('SAR 640.00')).toBeVisible();
  await snap(page, 'approved-settled-en');

  const order = sandboxOrderFor(host, reference);
  expect(order.captureCount).toBe(1);
  expect(order.payAttempts).toBe(1);
  // It stays settled: a later look at the journal agrees and nothing was charged again.
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: reference })).toContainText('Paid');
  expect(sandboxOrderFor(host, reference).captureCount).toBe(1);
});
