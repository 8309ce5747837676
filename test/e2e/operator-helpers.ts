import { expect, type Page } from '@playwright/test';

/** Operator forms as the e2e tests fill them (the shift e2e too). */

/** Labels of the operator forms, per language. */
export const operatorLabels = {
  en: {
    name: 'Name',
    id: 'Operator ID',
    secret: 'PIN or password',
    again: 'Type it again',
    role: 'Role',
    signIn: 'Sign in',
    approve: 'Approve',
    team: 'Team',
    someoneElse: 'Someone else',
  },
  ar: {
    name: 'الاسم',
    id: 'رقم الموظف',
    secret: 'الرمز السري أو كلمة المرور',
    again: 'اكتبه مرة أخرى',
    role: 'الدور',
    signIn: 'تسجيل الدخول',
    approve: 'موافقة',
    team: 'فريق العمل',
    someoneElse: 'موظف آخر',
  },
};
type Labels = (typeof operatorLabels)['en'];

/** Switches operators on from Settings, creating the first admin (amal, 111111, typed twice). */
export async function switchOperatorsOn(page: Page, l: Labels, switchOn: string, create: string) {
  await page.getByRole('button', { name: switchOn }).click();
  await page.getByLabel(l.name, { exact: true }).fill('Amal Saeed');
  await page.getByLabel(l.id, { exact: true }).fill('amal');
  await page.getByLabel(l.secret, { exact: true }).fill('111111');
  await page.getByLabel(l.again, { exact: true }).fill('111111');
  await page.getByRole('button', { name: create }).click();
}

/** Adds an operator on the Team screen (opened first if needed): name, ID, role, PIN twice. */
export async function addOperator(
  page: Page,
  l: Labels,
  add: string,
  who: [string, string, string, string],
) {
  const [name, id, role, secret] = who;
  const button = page.getByRole('button', { name: add });
  if (!(await button.isVisible())) {
    await page.getByRole('button', { name: l.team, exact: true }).click();
  }
  const form = page.locator('form').filter({ has: button });
  await form.getByLabel(l.name, { exact: true }).fill(name);
  await form.getByLabel(l.id, { exact: true }).fill(id);
  await form.getByLabel(l.role, { exact: true }).selectOption(role);
  await form.getByLabel(l.secret, { exact: true }).fill(secret);
  await form.getByLabel(l.again, { exact: true }).fill(secret);
  await button.click();
  await expect(form.getByLabel(l.name, { exact: true })).toHaveValue('');
}

/**
 * Signs in at the lock screen as a till does: the operator already chosen types the PIN
 * alone; anyone else picks Someone else and types their ID first.
 */
export async function signInAt(page: Page, l: Labels, id: string, secret: string) {
  const lock = page.locator('.lock-screen');
  const chosen = lock.locator('.sign-in-as');
  const idField = lock.getByLabel(l.id, { exact: true });
  await expect(chosen.or(idField)).toBeVisible();
  if ((await chosen.isVisible()) && !(await chosen.innerText()).includes(`(${id})`)) {
    await lock.getByRole('button', { name: l.someoneElse }).click();
  }
  if (await idField.isVisible()) await idField.fill(id);
  const secretField = lock.getByLabel(l.secret, { exact: true });
  await secretField.fill(secret);
  await secretField.press('Enter');
}

/** Operators on from Settings in English: the first admin, Amal, is signed in. */
export async function switchOnAsAdmin(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await switchOperatorsOn(
    page,
    operatorLabels.en,
    'Switch operators on',
    'Create admin and switch on',
  );
  await expect(page.getByText('Amal Saeed · Admin')).toBeVisible();
}

/** Operators on from Settings (admin amal) with one supervisor: Sara Nasser, sara, 333333. */
export async function switchOnWithSupervisor(page: Page) {
  const l = operatorLabels.en;
  await switchOnAsAdmin(page);
  await addOperator(page, l, 'Add operator', ['Sara Nasser', 'sara', 'supervisor', '333333']);
  await expect(page.getByRole('cell', { name: 'Sara Nasser', exact: true })).toBeVisible();
}

/** Operators on from Settings in Arabic (admin amal) with one cashier: عمر علي, omar, 222222. */
export async function switchOnWithArabicCashier(page: Page) {
  const l = operatorLabels.ar;
  await page.getByRole('button', { name: 'الإعدادات' }).click();
  await switchOperatorsOn(page, l, 'تفعيل حسابات الموظفين', 'إنشاء المدير والتفعيل');
  await expect(page.getByText('Amal Saeed · المدير')).toBeVisible();
  await addOperator(page, l, 'إضافة الموظف', ['عمر علي', 'omar', 'cashier', '222222']);
  await expect(page.getByRole('cell', { name: 'عمر علي', exact: true })).toBeVisible();
}
