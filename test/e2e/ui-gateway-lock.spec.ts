import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openJournal } from '../../main/core/journal';
import type { Host } from '../host';
import { journalPayInDoubt } from '../support/pay-in-doubt';
import { launchUi } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

/** A data folder whose live journal holds a sale whose Pay went out without an answer. */
function dataDirWithSaleInDoubt(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-ui-'));
  const journal = openJournal({ path: join(dataDir, 'journal.sqlite'), clock: { now: () => 1 } });
  const attemptId = '00000000-0000-4000-8000-000000000001';
  journalPayInDoubt(journal, {
    attemptId,
    merchantReferenceId: 'INV-DOUBT-7',
    amountMinor: 64_000,
    currency: 'SAR',
    brand: 'mastercard',
    first6: '512345',
    last4: '0008',
    holderName: 'Sara Ahmed',
    createdAt: 1,
  });
  journal.close();
  return dataDir;
}

test('settings names the live payment awaiting the bank and keeps the gateway until it settles', async () => {
  host = await launchUi({ dataDir: dataDirWithSaleInDoubt() });
  const { page } = host;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const lock = page.locator('.gateway-busy');
  await expect(lock).toContainText('Payments on this gateway are pending or awaiting the bank');
  await expect(lock).toContainText('INV-DOUBT-7');

  await page.getByLabel('Environment').selectOption('uae');
  // A live gateway needs a merchant name on receipts (the form asks for it first).
  await page.getByLabel('Merchant name').fill('Corner Shop Riyadh');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText('settings-gateway-busy');
  expect(host.core.settings.current().environment).toBe('training');
  await expect(lock).toContainText('INV-DOUBT-7');
});
