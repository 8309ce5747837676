import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { migrate } from '../../main/core/platform/migrate';
import { migrations } from '../../main/core/journal/migrations';
import { openDatabase } from '../../main/core/platform/open-database';
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

/**
 * A Training journal as an older Paydesk left it (schema 1 and 2 only), holding one sale that
 * Paydesk voided back then: the app brings the file forward at start-up.
 */
function journalWithOldVoid(): { dataDir: string; reference: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-old-void-'));
  const db = openDatabase(join(dataDir, 'training-journal.sqlite'));
  const at = Date.UTC(2026, 9, 14, 9, 30);
  migrate(
    db,
    migrations.filter((step) => step.version <= 2),
    at,
  );
  const reference = 'PD-20261014-OLDVOID';
  const order = {
    orderId: 'old-void-order',
    status: 'Cancelled',
    detailedStatus: 'Voided',
    authorizationCode: '123456',
    rrn: '628712345678',
    capturedMinor: 0,
    refundedMinor: 0,
    transactions: [
      ['Pay', at + 20_000],
      ['Void', at + 60_000],
    ].map(([type, time]) => ({
      type,
      status: 'Success',
      amountMinor: 4_200,
      currency: 'SAR',
      authorizationCode: type === 'Pay' ? '123456' : null,
      rrn: null,
      responseCode: '000',
      createdAt: new Date(time as number).toISOString(),
    })),
  };
  db.prepare(
    `INSERT INTO attempts (attempt_id, merchant_reference_id, order_id, amount_minor, currency,
      brand, first6, last4, card_length, holder_name, state, status, order_json, refunded_minor,
      created_at, updated_at)
     VALUES ('old-void', ?, 'old-void-order', 4200, 'SAR', 'visa', '444000', '0014', 16,
      'OLD VOID', 'voided', 'voided', ?, 0, ?, ?)`,
  ).run(reference, JSON.stringify(order), at, at + 60_000);
  const event = db.prepare(
    'INSERT INTO events (attempt_id, at, step, outcome, detail) VALUES (?, ?, ?, ?, ?)',
  );
  for (const [offset, step, outcome, detail] of [
    [0, 'created', 'started', null],
    [10_000, 'pay-sent', 'sent', 'frictionless'],
    [20_000, 'sale', 'paid', null],
    [50_000, 'void-sent', 'sent', 'Voided by the operator'],
    [60_000, 'void', 'voided', null],
  ] as const) {
    event.run('old-void', at + offset, step, outcome, detail);
  }
  db.close();
  return { dataDir, reference };
}

test('a paid sale offers Refund and never Void; a void from an older Paydesk stays readable', async () => {
  const old = journalWithOldVoid();
  host = await launchUi({ dataDir: old.dataDir });
  const { page } = host;
  const reference = await paidSale(page, { amount: '33.00', card: '5078030000000003' });
  await page.getByRole('button', { name: 'History' }).click();
  const rows = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: reference }).getByRole('button').click();

  // Money a Pay took comes back by Refund only: no Void on a paid sale.
  await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
  const refund = page.getByRole('button', { name: 'Refund', exact: true });
  await expect(refund).toBeVisible();
  await expect(page.getByRole('button', { name: /void/i })).toHaveCount(0);

  // The refund dialog is the one money action left: focus starts and stays inside it.
  await refund.click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toBeVisible();
  expect(await focusInDialog(page)).toBe(true);
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(refund).toBeFocused();
  expect(sandboxOrderFor(host, reference).detailedStatus).toBe('Paid');

  // The old void: its status, the order's Void transaction and the audit trail, unchanged.
  await page.getByRole('button', { name: 'Back to the list' }).click();
  await rows.filter({ hasText: old.reference }).getByRole('button').click();
  await expect(page.locator('.detail-screen')).toContainText(old.reference);
  await expect(page.locator('.detail-screen .status-badge')).toHaveText('Voided');
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /void/i })).toHaveCount(0);
  const transactions = page.getByRole('region', { name: 'Transactions' });
  await expect(transactions.getByRole('row').filter({ hasText: 'Void' })).toContainText('Success');
  const audit = page.getByRole('region', { name: 'Audit trail' });
  await expect(audit.getByRole('row').filter({ hasText: 'Void sent' })).toContainText(
    'Voided by the operator',
  );
  await expect(audit.getByRole('row').filter({ hasText: 'voided' }).first()).toBeVisible();
});
