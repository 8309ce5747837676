import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Host } from '../host';
import { operatorLabels, switchOnWithSupervisor } from './operator-helpers';
import { lowContrastTexts, unnamedControls } from './page-checks';
import { launchUi, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('closing a shift: blocked by a payment in doubt, acknowledged, Z printed, both languages', async () => {
  host = await launchUi({
    // The lost answer stays unknown while the test looks: no background round settles it.
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] } },
  });
  const { page } = host;
  await pay(page, { amount: '125.50', card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'New sale' }).click();
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 1_000, 503);
  await pay(page, { amount: '40.00', card: '5123456789012346' });
  await expect(
    page.getByRole('heading', { name: 'Checking with the bank', exact: true }),
  ).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Shift', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'X report (shift so far)' })).toBeVisible();
  const report = page.locator('.shift-report');
  await expect(report).toContainText('Approved sales');
  await expect(report).toContainText('SAR 125.50');

  // The Z is refused while the second payment awaits the bank.
  await page.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(page.getByRole('alert')).toContainText('awaiting bank confirmation');
  await expect(page.getByText('The shift cannot close while a payment')).toBeVisible();
  expect(await unnamedControls(page)).toEqual([]);
  await snap(page, 'shift-blocked-en', { height: 1_100 });

  // Acknowledged (the owner, operators off), the shift closes with Z no. 1, reconciled.
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('The shift cannot close while a payment')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(page.getByText('Shift closed with Z report no. 1.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Z report no. 1' })).toBeVisible();
  await expect(report).toContainText(
    /Reconciled with the gateway at .+: 2 orders, no differences\./,
  );
  await expect(report).toContainText('acknowledged');
  expect(await lowContrastTexts(page)).toEqual([]);
  await snap(page, 'shift-z-en', { height: 1_400 });

  // Printed on the receipt paper; the printout names the Z and the acknowledgement.
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByText('Sent to the printer.')).toBeVisible();
  const job = host.printJobs.at(-1);
  expect(job?.paper).toBe('80mm');
  expect(job?.html).toContain('Z report no. 1');
  expect(
    readFileSync(job?.path ?? '')
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  await page.getByRole('button', { name: 'Save as CSV' }).click();
  await expect(page.getByText('Saved as paydesk-z-0001.csv.')).toBeVisible();

  // The Z list opens the written report again, as a copy.
  await page.getByRole('button', { name: 'Open copy' }).click();
  await expect(page.getByText('COPY: reprint of a closed Z report')).toBeVisible();

  // Arabic: the same report in Arabic words, right to left.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await page.getByRole('button', { name: 'الوردية', exact: true }).click();
  await page.getByRole('button', { name: 'فتح نسخة' }).click();
  await expect(page.getByRole('heading', { name: 'تقرير Z رقم 1' })).toBeVisible();
  await expect(report).toContainText('عمليات البيع المقبولة');
  await expect(report).toContainText('بانتظار تأكيد البنك');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(page, 'shift-z-ar', { height: 1_400 });
});

test('operators on: a payment in doubt blocks the Z until a second supervisor approves at the counter, both languages', async () => {
  host = await launchUi({
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] } },
  });
  const { page } = host;
  const l = operatorLabels.en;
  await switchOnWithSupervisor(page);

  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 1_000, 503);
  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await pay(page, { amount: '40.00', card: '5123456789012346' });
  await expect(
    page.getByRole('heading', { name: 'Checking with the bank', exact: true }),
  ).toBeVisible({ timeout: 15_000 });

  // The admin's own role is not enough: acknowledging opens the supervisor approval.
  await page.getByRole('button', { name: 'Shift', exact: true }).click();
  await page.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(page.getByRole('alert')).toContainText('awaiting bank confirmation');
  await expect(page.getByText('Acknowledging needs a second supervisor')).toBeVisible();
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  const approval = page.getByRole('dialog', { name: 'Supervisor approval' });
  await approval.getByLabel(l.id, { exact: true }).fill('amal');
  await approval.getByLabel(l.secret, { exact: true }).fill('111111');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(approval.getByText('Another supervisor must approve this')).toBeVisible();
  await approval.getByLabel(l.id, { exact: true }).fill('sara');
  await approval.getByLabel(l.secret, { exact: true }).fill('333333');
  await snap(page, 'shift-acknowledge-approval-en', { height: 1_100 });
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(approval).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('The shift cannot close while a payment')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(page.getByText('Shift closed with Z report no. 1.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('.shift-report')).toContainText('acknowledged by Sara Nasser');

  // Arabic: the next shift is blocked by the same payment until acknowledged again.
  const a = operatorLabels.ar;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await page.getByRole('button', { name: 'الوردية', exact: true }).click();
  await page.getByRole('button', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' })
    .click();
  await expect(page.getByRole('alert')).toContainText('بانتظار تأكيد البنك');
  await expect(page.getByText('يحتاج الإقرار إلى مشرف آخر')).toBeVisible();
  await page.getByRole('button', { name: 'إقرار', exact: true }).click();
  const arApproval = page.getByRole('dialog', { name: 'موافقة المشرف' });
  await arApproval.getByLabel(a.id, { exact: true }).fill('sara');
  await arApproval.getByLabel(a.secret, { exact: true }).fill('333333');
  await snap(page, 'shift-acknowledge-approval-ar', { height: 1_100 });
  await arApproval.getByRole('button', { name: a.approve }).click();
  await expect(arApproval).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' })
    .click();
  await expect(page.getByRole('heading', { name: 'تقرير Z رقم 2' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
