import { expect, type Page } from '@playwright/test';

/** Operator forms as the e2e tests fill them (the shift e2e too). */

/** Labels of the operator forms, per language. */
export const operatorLabels = {
  en: {
    name: 'Name',
    id: 'Operator ID',
    secret: 'PIN or password',
    role: 'Role',
    signIn: 'Sign in',
    approve: 'Approve',
  },
  ar: {
    name: 'الاسم',
    id: 'رقم الموظف',
    secret: 'الرمز السري أو كلمة المرور',
    role: 'الدور',
    signIn: 'تسجيل الدخول',
    approve: 'موافقة',
  },
};
type Labels = (typeof operatorLabels)['en'];

/** Switches operators on from Settings, creating the first admin (amal, 111111). */
export async function switchOperatorsOn(page: Page, l: Labels, switchOn: string, create: string) {
  await page.getByRole('button', { name: switchOn }).click();
  await page.getByLabel(l.name, { exact: true }).fill('Amal Saeed');
  await page.getByLabel(l.id, { exact: true }).fill('amal');
  await page.getByLabel(l.secret, { exact: true }).fill('111111');
  await page.getByRole('button', { name: create }).click();
}

/** Adds an operator from Settings: name, ID, role, PIN. */
export async function addOperator(
  page: Page,
  l: Labels,
  add: string,
  who: [string, string, string, string],
) {
  const [name, id, role, secret] = who;
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: add }) });
  await form.getByLabel(l.name, { exact: true }).fill(name);
  await form.getByLabel(l.id, { exact: true }).fill(id);
  await form.getByLabel(l.role, { exact: true }).selectOption(role);
  await form.getByLabel(l.secret, { exact: true }).fill(secret);
  await form.getByRole('button', { name: add }).click();
}

/** Operators on from Settings (admin amal) with one supervisor: Sara Nasser, sara, 333333. */
export async function switchOnWithSupervisor(page: Page) {
  const l = operatorLabels.en;
  await page.getByRole('button', { name: 'Settings' }).click();
  await switchOperatorsOn(page, l, 'Switch operators on', 'Create admin and switch on');
  await addOperator(page, l, 'Add operator', ['Sara Nasser', 'sara', 'supervisor', '333333']);
  await expect(page.getByRole('cell', { name: 'Sara Nasser', exact: true })).toBeVisible();
}
