import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import {
  launchUi,
  merchantReference,
  pay,
  sandboxOrderFor,
  snap,
  type SaleInput,
} from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

/** Pays a frictionless sale and returns its merchant reference, back on a fresh form. */
async function paidSale(page: Page, sale: SaleInput): Promise<string> {
  const reference = await merchantReference(page);
  await pay(page, sale);
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  return reference;
}

const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

async function search(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

test('history finds the sale, the receipt is a PDF, and part of the sale is refunded', async () => {
  host = await launchUi();
  const { page } = host;
  const first = await paidSale(page, { amount: '150.00', card: '5123456789012346' });

  await page.getByRole('button', { name: 'Save PDF' }).click();
  const saved = page.getByText(/^Receipt saved: /);
  await expect(saved).toBeVisible();
  const pdfPath = ((await saved.textContent()) ?? '').replace('Receipt saved: ', '');
  expect(readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('button', { name: 'New sale' }).click();
  const second = await paidSale(page, { amount: '20.00', card: '4440000042200014' });

  await page.getByRole('button', { name: 'History' }).click();
  const rows = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Payments shown: 2')).toBeVisible();
  await snap(page, 'history-list-en');

  for (const text of [first, '2346', '150.00']) {
    await search(page, text);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(first);
  }
  await search(page, second);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second);
  await search(page, 'PD-no-such-sale');
  await expect(page.getByText('No payments match.')).toBeVisible();

  await search(page, first);
  await rows.first().getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
  const transactions = page.getByRole('region', { name: 'Transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: 'Payment' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Audit trail' }).getByRole('row')).not.toHaveCount(
    1,
  );
  await snap(page, 'history-detail-en');

  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Full refund of what is left: SAR 150.00')).toBeVisible();
  await dialog.getByLabel('Partial refund').check();
  await dialog.getByLabel('Refund amount').fill('200.00');
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  // Over what is left of this payment, said as such (not as the per-sale limit).
  await expect(
    dialog.getByText('The refund is more than what is left to refund on this payment.'),
  ).toBeVisible();
  await dialog.getByLabel('Refund amount').fill('50.00');
  await snap(page, 'history-refund-en');
  await dialog.getByRole('button', { name: 'Refund now' }).click();

  await expect(page.getByText('Refund done.')).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Partly refunded').first()).toBeVisible();
  await expect(page.locator('.fact').filter({ hasText: 'Refunded' })).toContainText('SAR 50.00');
  expect(sandboxOrderFor(host, first).refundedAmount).toBe(50);

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await search(page, '');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first })).toContainText('Partly refunded');
  await page.getByLabel('Status', { exact: true }).selectOption('partially-refunded');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = page.getByText(/^2 payments exported: /);
  await expect(exported).toBeVisible();
  const csvPath = ((await exported.textContent()) ?? '').replace('2 payments exported: ', '');
  const csv = readFileSync(csvPath, 'utf8');
  expect(csv).toContain(first);
  expect(csv).toContain(second);
  expect(csv).not.toContain('5123456789012346');
});

test('void asks for confirmation in an accessible dialog', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await paidSale(page, { amount: '33.00', card: '5078030000000003' });
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('list', { name: 'Payments' }).getByRole('button').first().click();

  const voidButton = page.getByRole('button', { name: 'Void', exact: true });
  await voidButton.click();
  const dialog = page.getByRole('dialog', { name: 'Void payment' });
  await expect(dialog).toBeVisible();
  // Cancel has focus first (voiding cannot be undone); Tab never leaves the dialog.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(voidButton).toBeFocused();
  expect(sandboxOrderFor(host, reference).detailedStatus).toBe('Paid');

  await voidButton.click();
  await dialog.getByRole('button', { name: 'Void now' }).click();
  await expect(page.getByText('Payment voided.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Voided').first()).toBeVisible();
  await expect(voidButton).toHaveCount(0);
  expect(sandboxOrderFor(host, reference).detailedStatus).not.toBe('Paid');
});
