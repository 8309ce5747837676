import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { completeChallenge, type Host } from '../host';
import {
  addOperator,
  operatorLabels as labels,
  signInAt,
  switchOnWithArabicCashier,
  switchOperatorsOn,
} from './operator-helpers';
import { launchUi, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('operators: first admin, cashier sale, refund approved by a supervisor, lockout, audit view', async () => {
  host = await launchUi();
  const { page } = host;
  const l = labels.en;
  await page.getByRole('button', { name: 'Settings' }).click();
  await switchOperatorsOn(page, l, 'Switch operators on', 'Create admin and switch on');
  await expect(page.getByText('Amal Saeed · Admin')).toBeVisible();
  await addOperator(page, l, 'Add operator', ['Omar Ali', 'omar', 'cashier', '222222']);
  await expect(page.getByRole('cell', { name: 'Omar Ali', exact: true })).toBeVisible();
  await addOperator(page, l, 'Add operator', ['Sara Nasser', 'sara', 'supervisor', '333333']);
  await expect(page.getByRole('cell', { name: 'Sara Nasser', exact: true })).toBeVisible();

  // Ctrl+L locks; the cashier signs in with the keyboard alone.
  await page.keyboard.press('Control+L');
  await expect(page.getByRole('heading', { name: 'Terminal locked' })).toBeVisible();
  await snap(page, 'lock-screen-en');
  await signInAt(page, l, 'omar', '222222');
  await expect(page.getByText('Omar Ali · Cashier')).toBeVisible();

  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await pay(page, { amount: '150.00', card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });

  // The cashier has no right to refund: the supervisor approves on the spot with their PIN.
  await page.getByRole('button', { name: 'History' }).click();
  const rows = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Omar Ali');
  await rows.first().getByRole('button').click();
  await expect(page.locator('.fact').filter({ hasText: 'Operator' })).toContainText('Omar Ali');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Refund payment' })
    .getByRole('button', { name: 'Refund now' })
    .click();
  const approval = page.getByRole('dialog', { name: 'Supervisor approval' });
  await expect(approval).toBeVisible();
  await approval.getByLabel(l.id, { exact: true }).fill('omar');
  await approval.getByLabel(l.secret, { exact: true }).fill('222222');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(approval.getByText('Another supervisor must approve this')).toBeVisible();
  await approval.getByLabel(l.id, { exact: true }).fill('sara');
  await approval.getByLabel(l.secret, { exact: true }).fill('333333');
  await snap(page, 'approval-dialog-en');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(page.getByText('Refund done.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Audit trail' })).toContainText(
    'Omar Ali, approved by Sara Nasser',
  );

  // Five wrong PINs lock the operator out.
  await page.getByRole('button', { name: 'Lock (Ctrl+L)' }).click();
  for (let i = 1; i <= 5; i += 1) {
    await signInAt(page, l, 'omar', '000000');
    // Each try answers (the PIN field empties) before the next: the KDF takes a moment.
    await expect(page.locator('.lock-screen').getByLabel(l.secret)).toHaveValue('');
    if (i < 5)
      await expect(page.getByText(`Tries left before this ID is locked: ${5 - i}`)).toBeVisible();
  }
  await expect(page.getByText(/Too many wrong tries/)).toBeVisible();
  await signInAt(page, l, 'omar', '222222');
  await expect(page.locator('.lock-screen').getByLabel(l.secret)).toHaveValue('');
  await expect(page.getByText(/Too many wrong tries/)).toBeVisible();
  await expect(
    page.getByText(/^Locked until .* A supervisor or an admin can unlock it sooner/),
  ).toBeVisible();

  // The supervisor reads the audit trail in plain words, filters it, exports it.
  await signInAt(page, l, 'sara', '333333');
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Audit trail' }).click();
  const audit = page.locator('.table-scroll table');
  await expect(audit).toContainText('Locked out after five wrong tries');
  await page.getByLabel('Event', { exact: true }).selectOption('approval-granted');
  await expect(audit.getByRole('row')).toHaveCount(2);
  await expect(audit).toContainText('Approved by a supervisor');
  await expect(audit).toContainText('Sara Nasser');
  await page.getByLabel('Event', { exact: true }).selectOption('');
  await snap(page, 'audit-view-en');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('Audit trail exported.')).toBeVisible();
  const file = readdirSync(host.savedDir).find((name) => name.startsWith('paydesk-audit-'));
  const csv = readFileSync(join(host.savedDir, file ?? 'missing'), 'utf8');
  expect(csv).toContain('approval-granted');
  expect(csv).not.toContain('333333');
});

test('idle lock mid-sale: the payment finishes behind the lock and its result waits', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByRole('button', { name: 'Settings' }).click();
  await switchOperatorsOn(page, labels.en, 'Switch operators on', 'Create admin and switch on');
  await page.getByLabel('Lock after idle (minutes)').fill('1');
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await pay(page, { amount: '75.00', card: '5123450000000008' });
  const challenge = await host.nextChallenge();
  host.clock.advance(61_000);
  await expect(page.getByRole('heading', { name: 'Terminal locked' })).toBeVisible({
    timeout: 5_000,
  });
  await completeChallenge(challenge, '123456');
  await signInAt(page, labels.en, 'amal', '111111');
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
});

test('Arabic: operators on, cashier refund approved on the spot, audit view', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  const l = labels.ar;
  await switchOnWithArabicCashier(page);
  await page.keyboard.press('Control+L');
  await expect(page.getByRole('heading', { name: 'الجهاز مقفل' })).toBeVisible();
  await snap(page, 'lock-screen-ar');
  await signInAt(page, l, 'omar', '222222');
  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  await page.getByLabel('المبلغ', { exact: true }).fill('40.00');
  await page.getByLabel('رقم البطاقة', { exact: true }).pressSequentially('5123456789012346');
  await page.getByLabel('تاريخ الانتهاء', { exact: true }).pressSequentially('0139');
  await page.getByLabel('رمز CVV', { exact: true }).fill('123');
  await page.getByLabel('اسم حامل البطاقة', { exact: true }).fill('Layla Hassan');
  await page.getByRole('button', { name: 'دفع', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'السجل', exact: true }).click();
  await page
    .getByRole('list', { name: 'عمليات الدفع والمحاولات' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'استرداد', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'استرداد الآن' }).click();
  const approval = page.getByRole('dialog', { name: 'موافقة المشرف' });
  await approval.getByLabel(l.id, { exact: true }).fill('amal');
  await approval.getByLabel(l.secret, { exact: true }).fill('111111');
  await snap(page, 'approval-dialog-ar');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(approval).toHaveCount(0, { timeout: 15_000 });
  await page.keyboard.press('Control+L');
  await signInAt(page, l, 'amal', '111111');
  await page.getByRole('button', { name: 'السجل', exact: true }).click();
  await page.getByRole('button', { name: 'سجل التدقيق' }).click();
  const audit = page.locator('.table-scroll table');
  await expect(audit).toContainText('موافقة المشرف');
  await expect(audit).toContainText('عمر علي');
  await snap(page, 'audit-view-ar');
});
