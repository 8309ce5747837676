import { expect, test, type Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../main/core/sandbox';
import { auditEventNames } from '../../shared/ipc-security';
import { en } from '../../renderer/src/i18n/en';
import type { Host } from '../host';
import { addOperator, operatorLabels, signInAt, switchOperatorsOn } from './operator-helpers';
import { launchUi, pay, snap } from './ui-helpers';

let host: Host | undefined;
let sandbox: Sandbox | undefined;

test.afterEach(async () => {
  await host?.close();
  await sandbox?.close();
  host = undefined;
  sandbox = undefined;
});

const l = operatorLabels.en;

/** The Settings form's Save outcome region and the credentials section. */
const credentials = (page: Page) =>
  page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: /Test connection|اختبار الاتصال/ }) });

async function sizes(page: Page, name: string) {
  await snap(page, `${name}-1024`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, `${name}-1920`);
  await page.setViewportSize({ width: 1024, height: 700 });
}

test('going live: Settings shows every problem at once, Test connection refuses wrong credentials, the top bar marks live mode', async () => {
  // The sandbox plays the merchant's live gateway over loopback.
  sandbox = await startSandbox();
  host = await launchUi({ liveSandbox: sandbox });
  const { page } = host;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await switchOperatorsOn(page, l, 'Switch operators on', 'Create admin and switch on');
  await expect(page.getByText('Amal Saeed · Admin')).toBeVisible();

  // Four mistakes, one Save: all four in words, the codes only in the details line.
  await page.getByLabel('Environment', { exact: true }).selectOption('custom');
  await page.getByLabel('Gateway URL', { exact: true }).fill('http://gw.example.com');
  await page.getByLabel('Return host', { exact: true }).fill('not a host');
  await page.getByLabel('Amount cap', { exact: true }).fill('ten');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const problems = page.locator('.settings-problems');
  await expect(problems.getByRole('listitem')).toHaveCount(4);
  for (const code of [
    'settings-return-host-invalid',
    'settings-custom-url-invalid',
    'settings-amount-cap-invalid',
    'settings-merchant-name-required',
  ] as const) {
    await expect(problems).toContainText(en.errors[code]);
  }
  const words = await problems.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[data-details]').forEach((details) => details.remove());
    return copy.innerText;
  });
  expect(words).not.toMatch(/settings-|merchant-name/);
  await problems.scrollIntoViewIfNeeded();
  await snap(page, 'settings-problems-en');

  // Fixed, and the Saudi gateway chosen: live, but nothing proven yet.
  await page.getByLabel('Environment', { exact: true }).selectOption('ksa');
  await page.getByLabel('Return host', { exact: true }).fill('return.paydesk.app');
  await page.getByLabel('Amount cap', { exact: true }).fill('10000.00');
  await page.getByLabel('Merchant name', { exact: true }).fill('Paydesk Test Shop');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const mark = page.getByRole('note', { name: 'Live gateway' });
  await expect(mark).toHaveText('Live: \u2068Saudi Arabia\u2069 · no credentials');

  // "abc" / "123": the gateway refuses them, nothing is saved, nothing reads as configured.
  const form = credentials(page);
  await form.getByLabel('Merchant public key').fill('abc');
  await form.getByLabel('API password').fill('123');
  await form.getByRole('button', { name: 'Test connection and save' }).click();
  await expect(form.getByRole('alert')).toContainText(
    'The connection test failed. Nothing was saved.',
  );
  await expect(form.getByRole('alert')).toContainText(en.errors['gateway-credentials-rejected']);
  await expect(form.getByText('Not configured', { exact: true })).toBeVisible();
  await expect(form.getByText(/Configured/)).toHaveCount(0);
  await form.scrollIntoViewIfNeeded();
  await snap(page, 'settings-test-refused-en');

  // The merchant's real credentials pass and are stored as tested.
  await form.getByLabel('Merchant public key').fill(sandbox.merchantPublicKey);
  await form.getByLabel('API password').fill(sandbox.apiPassword);
  await form.getByRole('button', { name: 'Test connection and save' }).click();
  await expect(form.getByRole('status')).toContainText('Connection tested and credentials saved');
  const hint = sandbox.merchantPublicKey.slice(-4);
  await expect(
    form.getByText(`Configured and tested, key ending ${hint}.`, { exact: false }),
  ).toBeVisible();
  await expect(mark).toHaveText(`Live: \u2068Saudi Arabia\u2069 · key ending \u2066${hint}\u2069`);
  await form.getByRole('button', { name: 'Test connection', exact: true }).click();
  await expect(form.getByRole('status')).toContainText('Connection tested: the gateway accepted');
  await form.scrollIntoViewIfNeeded();
  await sizes(page, 'settings-live-en');

  // The mark stays on every screen.
  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await expect(mark).toBeVisible();
  await sizes(page, 'live-mark-sale-en');

  // Arabic: the same, in Arabic words, values isolated.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  const arabicMark = page.getByRole('note', { name: 'بوابة الدفع الحقيقية' });
  await expect(arabicMark).toHaveText(
    `دفع حقيقي: \u2068المملكة العربية السعودية\u2069 · المفتاح ينتهي بـ \u2066${hint}\u2069`,
  );
  await credentials(page).scrollIntoViewIfNeeded();
  await sizes(page, 'settings-live-ar');
  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  await sizes(page, 'live-mark-sale-ar');
  await page.getByRole('button', { name: 'الإعدادات', exact: true }).click();
  await page.getByLabel('اللغة', { exact: true }).selectOption('en');

  // Back to Training: no mark, and the old gateway is not named as the one in use.
  await page.getByLabel('Environment', { exact: true }).selectOption('training');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(mark).toHaveCount(0);
  await expect(credentials(page)).toContainText('Not in use: Training mode');
  await expect(credentials(page)).not.toContainText('Sent only to');
});

test('a gateway address where nothing answers is refused by Test connection', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await switchOperatorsOn(page, l, 'Switch operators on', 'Create admin and switch on');
  await page.getByLabel('Environment', { exact: true }).selectOption('custom');
  await page.getByLabel('Gateway URL', { exact: true }).fill('https://localhost:1');
  await page.getByLabel('Merchant name', { exact: true }).fill('Paydesk Test Shop');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByRole('note', { name: 'Live gateway' })).toHaveText(
    'Live: \u2068localhost:1\u2069 · no credentials',
  );
  const form = credentials(page);
  await form.getByLabel('Merchant public key').fill('abc');
  await form.getByLabel('API password').fill('123');
  await form.getByRole('button', { name: 'Test connection and save' }).click();
  await expect(form.getByRole('alert')).toContainText(en.errors['gateway-unreachable']);
  await expect(form.getByText('Not configured', { exact: true })).toBeVisible();
});

// Codes that are also ordinary English words ("typed at sign-in").
const plainEnglish = new Set(['sign-in', 'sign-out']);
// Names for code: every error code, audit step and audit event with a hyphen, any longer
// kebab-case token, JSON braces and key=value pairs.
const codeNames = [
  ...Object.keys(en.errors),
  ...Object.keys(en.audit.steps),
  ...auditEventNames,
].filter((name) => name.includes('-') && !plainEnglish.has(name));
const rawShape = new RegExp(
  `(?:^|[^\\w-])(?:${codeNames.join('|')})(?![\\w-])|\\b[a-z]+(?:-[a-z]+){2,}\\b|[{}]|\\b[a-z]+=\\S`,
);

/** Visible text of the page, outside the details lines that keep codes for support. */
async function rawCodesOnScreen(page: Page, where: string): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !text || parent.closest('[data-details], script, style')) continue;
      if (!parent.checkVisibility()) continue;
      found.push(text);
    }
    return found;
  });
  return texts.filter((text) => rawShape.test(text)).map((text) => `${where}: ${text}`);
}

test('no screen shows a raw code outside its details line, in English and Arabic', async () => {
  test.setTimeout(180_000);
  host = await launchUi();
  const { page } = host;
  const found: string[] = [];
  const look = async (where: string) => found.push(...(await rawCodesOnScreen(page, where)));

  // English, with something on every screen: a sale, a failure, operators, an audit trail.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await look('sale, every field wrong');
  await pay(page, { amount: '42.00', card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await look('sale approved');
  await page.getByRole('button', { name: 'New sale' }).click();
  host.sandbox.faults.failNext('initiate', 2, 503);
  await pay(page, { amount: '18.00', card: '5123456789012346' });
  await expect(page.getByText(en.errors['gateway-server-error'], { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  host.sandbox.faults.clear();
  await look('sale failed');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await switchOperatorsOn(page, l, 'Switch operators on', 'Create admin and switch on');
  await addOperator(page, l, 'Add operator', ['Omar Ali', 'omar', 'cashier', '222222']);
  await look('team');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Amount cap', { exact: true }).fill('ten');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('.settings-problems')).toBeVisible();
  await look('settings with a problem');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'SAR 42.00' })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Audit trail' })).toBeVisible();
  await look('history, a payment and its audit trail');
  await page.getByRole('button', { name: 'Audit trail', exact: true }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await look('security audit trail');
  await page.getByRole('button', { name: 'Shift', exact: true }).click();
  await look('shift');
  await page.keyboard.press('Control+L');
  await expect(page.getByRole('heading', { name: 'Terminal locked' })).toBeVisible();
  await signInAt(page, l, 'omar', '999999');
  await expect(page.getByRole('alert')).toBeVisible();
  await look('lock screen, wrong PIN');
  await snap(page, 'lock-wrong-pin-details-en');
  await signInAt(page, l, 'amal', '111111');
  await expect(page.getByText('Amal Saeed · Admin')).toBeVisible();

  // Arabic, the same screens.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByLabel('الحد الأقصى للمبلغ', { exact: true }).fill('ten');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(page.locator('.settings-problems')).toBeVisible();
  await look('Arabic settings with a problem');
  await snap(page, 'settings-problems-ar');
  for (const [screen, where] of [
    ['بيع', 'Arabic sale'],
    ['السجل', 'Arabic history'],
    ['الوردية', 'Arabic shift'],
    ['فريق العمل', 'Arabic team'],
  ] as const) {
    await page.getByRole('button', { name: screen, exact: true }).click();
    await look(where);
  }
  await page.keyboard.press('Control+L');
  await signInAt(page, operatorLabels.ar, 'omar', '999999');
  await expect(page.getByRole('alert')).toBeVisible();
  await look('Arabic lock screen, wrong PIN');
  await snap(page, 'lock-wrong-pin-details-ar');

  expect(found).toEqual([]);
});
