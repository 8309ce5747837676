import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { filesText } from '../support/files-text';
import { addOperator, operatorLabels, signInAt, switchOperatorsOn } from './operator-helpers';
import { arabicLabels, launchUi, pay, snap } from './ui-helpers';

/**
 * The supervisor's and owner's day with a team: the Team screen in the top bar, sign-in like
 * a till, a clean screen for the next operator, a supervisor unlocking a cashier, and an
 * approval dialog that says what is approved.
 */
let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const l = operatorLabels.en;
const team = (page: Page) => page.getByRole('region', { name: 'Team', exact: true });

const row = (page: Page, name: string) => team(page).getByRole('row').filter({ hasText: name });

async function lock(page: Page) {
  await page.keyboard.press('Control+L');
  await expect(page.locator('.lock-screen')).toBeVisible();
}

test('a team: roles, edits, a new PIN, switch off and on, till sign-in, unlock and approval', async () => {
  host = await launchUi();
  const p = host.page;
  await p.getByRole('button', { name: 'Settings' }).click();
  await switchOperatorsOn(p, l, 'Switch operators on', 'Create admin and switch on');
  await expect(p.getByText('Amal Saeed · Admin')).toBeVisible();

  // Add a team: after each add the form is back to Cashier with the cursor in Name, so two
  // cashiers in a row need no role chosen at all.
  await addOperator(p, l, 'Add operator', ['Omar Ali', 'omar', 'cashier', '222222']);
  const form = p.locator('form').filter({ has: p.getByRole('button', { name: 'Add operator' }) });
  await expect(form.getByLabel(l.name, { exact: true })).toBeFocused();
  await expect(form.getByLabel(l.role, { exact: true })).toHaveValue('cashier');
  await p.keyboard.type('Layla Hassan');
  await form.getByLabel(l.id, { exact: true }).fill('layla');
  await form.getByLabel(l.secret, { exact: true }).fill('444444');
  await form.getByLabel(l.again, { exact: true }).fill('444445');
  await form.getByRole('button', { name: 'Add operator' }).click();
  await expect(form.getByText('The two entries differ.')).toBeVisible();
  await form.getByLabel(l.again, { exact: true }).fill('444444');
  await form.getByRole('button', { name: 'Add operator' }).click();
  await expect(row(p, 'Layla Hassan')).toContainText('Cashier');
  await addOperator(p, l, 'Add operator', ['Sara Nasser', 'sara', 'supervisor', '333333']);
  await expect(row(p, 'Omar Ali')).toContainText('Cashier');
  await expect(row(p, 'Sara Nasser')).toContainText('Supervisor');
  // The admin is offered no switch-off on herself.
  await expect(row(p, 'Amal Saeed')).toContainText('(you)');
  await expect(row(p, 'Amal Saeed').getByRole('button', { name: /Switch off/ })).toHaveCount(0);
  await team(p).getByRole('heading', { name: 'Team' }).scrollIntoViewIfNeeded();
  await snap(p, 'team-en');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await snap(p, 'team-wide-en');
  await p.setViewportSize({ width: 1024, height: 700 });

  // Edit a role: up at once, down only after a confirmation in words.
  await row(p, 'Omar Ali').getByRole('button', { name: 'Edit Omar Ali' }).click();
  let dialog = p.getByRole('dialog', { name: 'Edit Omar Ali' });
  await dialog.getByLabel(l.role, { exact: true }).selectOption('supervisor');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(row(p, 'Omar Ali')).toContainText('Supervisor');
  await row(p, 'Omar Ali').getByRole('button', { name: 'Edit Omar Ali' }).click();
  dialog = p.getByRole('dialog', { name: 'Edit Omar Ali' });
  await dialog.getByLabel(l.role, { exact: true }).selectOption('cashier');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  dialog = p.getByRole('dialog', { name: 'Change the role of Omar Ali?' });
  await expect(dialog).toContainText('is now Supervisor and becomes Cashier');
  await dialog.getByRole('button', { name: 'Change role' }).click();
  await expect(row(p, 'Omar Ali')).toContainText('Cashier');

  // A new PIN, typed twice.
  await row(p, 'Layla Hassan').getByRole('button', { name: 'New PIN for Layla Hassan' }).click();
  dialog = p.getByRole('dialog', { name: 'New PIN or password for Layla Hassan' });
  await dialog.getByLabel(l.secret, { exact: true }).fill('555555');
  await dialog.getByLabel(l.again, { exact: true }).fill('555555');
  await dialog.getByRole('button', { name: 'Set new PIN' }).click();
  await expect(dialog).toHaveCount(0);

  // Switch off asks first; the same ID is switched on again, listed once.
  await row(p, 'Omar Ali').getByRole('button', { name: 'Switch off Omar Ali' }).click();
  dialog = p.getByRole('dialog', { name: 'Switch off Omar Ali?' });
  await expect(dialog).toContainText('can no longer sign in');
  await dialog.getByRole('button', { name: 'Switch off', exact: true }).click();
  await expect(row(p, 'Omar Ali')).toContainText('Switched off');
  await row(p, 'Omar Ali').getByRole('button', { name: 'Switch on Omar Ali' }).click();
  await expect(row(p, 'Omar Ali')).toContainText('Active');
  await expect(row(p, 'Omar Ali')).toHaveCount(1);

  // Lock: the admin who locked is chosen, the PIN alone signs her back in.
  await lock(p);
  await expect(p.locator('.sign-in-as')).toContainText('Amal Saeed (amal)');
  await expect(p.locator('.lock-screen').getByLabel(l.id, { exact: true })).toHaveCount(0);
  await expect(p.locator('.lock-screen').getByLabel(l.secret, { exact: true })).toBeFocused();
  await p.keyboard.type('111111');
  await p.keyboard.press('Enter');
  await expect(p.locator('.lock-screen')).toHaveCount(0);

  // A PIN typed into the ID field ("someone else") is never kept.
  await lock(p);
  await p.getByRole('button', { name: 'Someone else' }).click();
  await expect(p.getByRole('button', { name: 'Amal Saeed', exact: true })).toBeVisible();
  await p.locator('.lock-screen').getByLabel(l.id, { exact: true }).fill('1472583');
  await p.locator('.lock-screen').getByLabel(l.secret, { exact: true }).press('Enter');
  await expect(p.getByText('That operator ID and PIN or password do not match.')).toBeVisible();
  await snap(p, 'sign-in-en');

  // The cashier lands on Sale, is offered no Settings, Shift or Export, and takes a sale.
  await signInAt(p, l, 'omar', '222222');
  await expect(p.getByText('Omar Ali · Cashier')).toBeVisible();
  const nav = p.getByRole('navigation');
  await expect(nav.getByRole('button')).toHaveText(['Sale', 'Customers', 'History']);
  await expect(p.getByRole('heading', { name: 'New sale' })).toBeVisible();
  await pay(p, { amount: '150.00', card: '5123456789012346' });
  await expect(p.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await p.getByRole('button', { name: 'History' }).click();
  await expect(p.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);

  // The approval dialog says what is approved, and for whom.
  await p
    .getByRole('list', { name: 'Payments' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .click();
  const reference = await p
    .locator('.fact')
    .filter({ hasText: 'Merchant reference' })
    .locator('dd')
    .innerText();
  await p.getByRole('button', { name: 'Refund', exact: true }).click();
  await p
    .getByRole('dialog', { name: 'Refund payment' })
    .getByRole('button', { name: 'Refund now' })
    .click();
  const approval = p.getByRole('dialog', { name: 'Supervisor approval' });
  const facts = approval
    .getByRole('list', { name: 'What you approve' })
    .or(approval.locator('.approval-facts'));
  await expect(facts).toContainText('Refund');
  await expect(facts).toContainText('SAR 150.00');
  await expect(facts).toContainText('512345******2346');
  await expect(facts).toContainText(reference.trim());
  await expect(facts).toContainText('Omar Ali (omar)');
  await approval.getByLabel(l.id, { exact: true }).fill('sara');
  await approval.getByLabel(l.secret, { exact: true }).fill('333333');
  await snap(p, 'approval-facts-en');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(p.getByText('Refund done.')).toBeVisible({ timeout: 15_000 });

  // Sign out: the next cashier sees a clean Sale, not Omar's last result.
  await p.getByRole('button', { name: 'Sale', exact: true }).click();
  await p.getByRole('button', { name: 'Sign out' }).click();
  await signInAt(p, l, 'layla', '000000');
  await expect(p.getByText('Tries left before this ID is locked: 4')).toBeVisible();
  for (let i = 0; i < 4; i += 1) {
    await p.locator('.lock-screen').getByLabel(l.secret, { exact: true }).fill('000000');
    await p.locator('.lock-screen').getByLabel(l.secret, { exact: true }).press('Enter');
    await expect(p.locator('.lock-screen').getByLabel(l.secret, { exact: true })).toHaveValue('');
  }
  await expect(
    p.getByText(/^Locked until .* A supervisor or an admin can unlock it sooner/),
  ).toBeVisible();
  await snap(p, 'sign-in-locked-en');

  // The supervisor unlocks the cashier on the Team screen; she may change nothing else.
  await signInAt(p, l, 'sara', '333333');
  await expect(p.getByRole('heading', { name: 'New sale' })).toBeVisible();
  await expect(p.getByRole('heading', { name: 'Approved', exact: true })).toHaveCount(0);
  await p.getByRole('button', { name: 'Team', exact: true }).click();
  await expect(row(p, 'Layla Hassan')).toContainText('Locked until');
  await expect(team(p).getByRole('button', { name: /Edit|Switch off|New PIN/ })).toHaveCount(0);
  await row(p, 'Layla Hassan').getByRole('button', { name: 'Unlock Layla Hassan' }).click();
  await expect(p.getByText('Layla Hassan is unlocked.')).toBeVisible();
  await expect(row(p, 'Layla Hassan')).toContainText('Active');
  await p.getByRole('button', { name: 'Sign out' }).click();
  await signInAt(p, l, 'layla', '555555');
  await expect(p.getByText('Layla Hassan · Cashier')).toBeVisible();
  await expect(p.getByRole('heading', { name: 'New sale' })).toBeVisible();
  await expect(p.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  // Nothing typed into a sign-in field that is no operator's ID was kept anywhere.
  const audit = JSON.stringify(host.core.security.audit.search({ beforeSeq: null, limit: 500 }));
  expect(audit).not.toContain('1472583');
  expect(readFileSync(host.logPath, 'utf8')).not.toContain('1472583');
  expect(filesText(host.dataDir)).not.toContain('1472583');
});

test('Arabic: the Team screen, the till sign-in and the approval’s facts', async () => {
  host = await launchUi({ language: 'ar' });
  const p = host.page;
  const a = operatorLabels.ar;
  await p.getByRole('button', { name: 'الإعدادات' }).click();
  await switchOperatorsOn(p, a, 'تفعيل حسابات الموظفين', 'إنشاء المدير والتفعيل');
  await addOperator(p, a, 'إضافة الموظف', ['عمر علي', 'omar', 'cashier', '222222']);
  await addOperator(p, a, 'إضافة الموظف', ['سارة ناصر', 'sara', 'supervisor', '333333']);
  const region = p.getByRole('region', { name: 'فريق العمل', exact: true });
  await expect(region.getByRole('row').filter({ hasText: 'سارة ناصر' })).toContainText('المشرف');
  await region.getByRole('heading', { name: 'فريق العمل' }).scrollIntoViewIfNeeded();
  await snap(p, 'team-ar');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await snap(p, 'team-wide-ar');
  await p.setViewportSize({ width: 1024, height: 700 });
  await p.keyboard.press('Control+L');
  await expect(p.locator('.sign-in-as')).toContainText('Amal Saeed');
  await p.getByRole('button', { name: a.someoneElse }).click();
  await snap(p, 'sign-in-ar');
  await signInAt(p, a, 'omar', '222222');
  await expect(p.getByRole('navigation').getByRole('button')).toHaveText([
    'بيع',
    'العملاء',
    'السجل',
  ]);
  await pay(p, { amount: '40.00', card: '5123456789012346' }, arabicLabels);
  await expect(p.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await p.getByRole('button', { name: 'السجل', exact: true }).click();
  await p
    .getByRole('list', { name: 'عمليات الدفع والمحاولات' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .click();
  await p.getByRole('button', { name: 'استرداد', exact: true }).click();
  await p.getByRole('dialog').getByRole('button', { name: 'استرداد الآن' }).click();
  const approval = p.getByRole('dialog', { name: 'موافقة المشرف' });
  const facts = approval.locator('.approval-facts');
  await expect(facts).toContainText('استرداد');
  await expect(facts).toContainText('512345******2346');
  await expect(facts).toContainText('عمر علي');
  // The card reads left to right inside the Arabic lines: its first digit is leftmost.
  const card = facts.locator('bdi').filter({ hasText: '512345' });
  await expect(card).toHaveAttribute('dir', 'ltr');
  const [left, right] = await card.evaluate((element) => {
    const text = element.textContent ?? '';
    const range = document.createRange();
    const node = element.firstChild!;
    const at = (index: number) => {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect().left;
    };
    return [at(0), at(text.length - 1)];
  });
  expect(left).toBeLessThan(right!);
  await approval.getByLabel(a.id, { exact: true }).fill('sara');
  await approval.getByLabel(a.secret, { exact: true }).fill('333333');
  await snap(p, 'approval-facts-ar');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await snap(p, 'approval-facts-wide-ar');
  await approval.getByRole('button', { name: a.approve }).click();
  await expect(approval).toHaveCount(0, { timeout: 15_000 });
});
