import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../main/core/sandbox';
import type { Host } from '../host';
import { horizontalOverflow, lowContrastTexts, unnamedControls } from './page-checks';
import { launchUi, pay, snap } from './ui-helpers';

let host: Host;

let live: Sandbox | undefined;

test.afterEach(async () => {
  await host?.close();
  await live?.close();
  live = undefined;
});

const screens = ['Sale', 'Customers', 'History', 'Shift', 'Settings'] as const;

async function open(page: Page, screen: (typeof screens)[number]) {
  await page.getByRole('button', { name: screen, exact: true }).click();
  await expect(page.getByRole('button', { name: screen, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

/** An approved and a declined sale, `check`ed on its result screen, then a new sale. */
async function onEachResult(
  page: Page,
  check: (result: 'Approved' | 'Not approved') => Promise<void>,
) {
  for (const [card, result] of [
    ['4440000042200014', 'Approved'],
    ['4000000000009995', 'Not approved'],
  ] as const) {
    await open(page, 'Sale');
    await pay(page, { amount: '10.00', card });
    await expect(page.getByRole('heading', { name: result, exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await check(result);
    await page.getByRole('button', { name: 'New sale' }).click();
  }
}

test('every screen: labelled controls, AA contrast, no sideways scroll at 1024×700', async () => {
  host = await launchUi();
  const { page } = host;
  // Reload with a listener in place from the first byte: the strict CSP (no inline script
  // or style) must hold on every screen, so any violation fails the test.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  await page.reload();
  await expect(page.getByLabel('Amount', { exact: true })).toBeFocused();
  for (const label of ['Amount', 'Currency', 'Card number', 'Expiry', 'CVV', 'Cardholder name']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
  // Errors in red text must stay readable too: show them all before checking contrast.
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Enter the amount.')).toBeVisible();

  for (const screen of screens) {
    await open(page, screen);
    await expect(page.getByText('Training mode', { exact: false })).toBeVisible();
    expect(await unnamedControls(page), screen).toEqual([]);
    expect(await lowContrastTexts(page), screen).toEqual([]);
    expect(await horizontalOverflow(page), screen).toEqual([]);
  }

  // The result screens, on their coloured banners.
  await onEachResult(page, async (result) => {
    expect(await lowContrastTexts(page), result).toEqual([]);
    expect(await unnamedControls(page), result).toEqual([]);
  });
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
});

test('dark theme follows the system: AA contrast on every screen and result, in both languages', async () => {
  host = await launchUi();
  const { page } = host;
  await page.emulateMedia({ colorScheme: 'dark' });
  // The page really is dark: its background is darker than its text.
  const [background, text] = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return [style.backgroundColor, style.color];
  });
  expect(background).not.toBe(text);
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Enter the amount.')).toBeVisible();
  for (const screen of screens) {
    await open(page, screen);
    expect(await lowContrastTexts(page), `dark ${screen}`).toEqual([]);
  }
  await onEachResult(page, async (result) => {
    expect(await lowContrastTexts(page), `dark ${result}`).toEqual([]);
    await snap(page, result === 'Approved' ? 'dark-approved-en' : 'dark-declined-en');
  });
  await open(page, 'History');
  await page.getByRole('list').getByRole('listitem').first().getByRole('button').click();
  expect(await lowContrastTexts(page), 'dark detail').toEqual([]);
  await open(page, 'Settings');
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  expect(await lowContrastTexts(page), 'dark Arabic sale').toEqual([]);
  await snap(page, 'dark-sale-ar');
});

test('the focused control always shows a visible focus ring', async () => {
  host = await launchUi();
  const { page } = host;
  for (let i = 0; i < 8; i += 1) {
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Tab');
  }
});

test('usable at 200% zoom: a sale still completes and nothing scrolls sideways', async () => {
  host = await launchUi();
  const { page } = host;
  // 200% zoom of a 1024×700 window lays the page out in 512×350 CSS pixels.
  await page.setViewportSize({ width: 512, height: 350 });
  for (const screen of screens) {
    await open(page, screen);
    expect(await horizontalOverflow(page), screen).toEqual([]);
  }
  await open(page, 'Sale');
  await pay(page, { amount: '18.00', card: '4440000042200014' });
  const approved = page.getByRole('heading', { name: 'Approved', exact: true });
  await expect(approved).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'New sale' })).toBeInViewport();
  expect(await horizontalOverflow(page)).toEqual([]);
});

test('settings: write-only credentials, saved settings, and the settings screen', async () => {
  // The sandbox plays the live gateway, so Test connection can accept the credentials.
  live = await startSandbox();
  host = await launchUi({ liveSandbox: live });
  const { page } = host;
  await open(page, 'Settings');
  await expect(page.getByText('Not configured')).toBeVisible();
  await page.getByLabel('Merchant name').fill('Corner Shop Riyadh');
  await page.getByLabel('VAT number').fill('300000000000003');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await host.core.settings.view()).settings.receiptHeader.merchantName).toBe(
    'Corner Shop Riyadh',
  );

  // Credentials belong to one live gateway: entered once it is chosen, sent only there.
  await page.getByLabel('Merchant public key').fill('11111111-2222-4333-8444-5555abcdef01');
  await page.getByLabel('API password').fill('s3cret-api-password');
  await page.getByRole('button', { name: 'Test connection and save' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose and save the live gateway');
  await page.getByLabel('Environment').selectOption('ksa');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByLabel('Merchant public key').fill(live.merchantPublicKey);
  await page.getByLabel('API password').fill(live.apiPassword);
  await page.getByRole('button', { name: 'Test connection and save' }).click();
  await expect(page.getByText('Configured and tested, key ending', { exact: false })).toBeVisible();
  await expect(page.getByText('Sent only to https://api.ksamerchant.geidea.net')).toBeVisible();
  // Write-only: both boxes are empty again and the password appears nowhere on the page.
  await expect(page.getByLabel('API password')).toHaveValue('');
  expect(await page.content()).not.toContain('s3cret-api-password');
  expect(await page.content()).not.toContain(live.apiPassword);

  await page.getByLabel('Return host').fill('not a host!');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText('settings-return-host-invalid');
  await page.getByLabel('Return host').fill('pay.example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
  await snap(page, 'settings-form-en');
});

test('warnings: settings reset to defaults and no secure storage, on every screen', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-ui-'));
  writeFileSync(join(dataDir, 'settings.json'), '{ this is not json');
  host = await launchUi({ dataDir, secureStorageAvailable: false });
  const { page } = host;
  for (const screen of screens) {
    await open(page, screen);
    await expect(page.getByText('default settings are in use', { exact: false })).toBeVisible();
    await expect(page.getByText('no secure storage for secrets', { exact: false })).toBeVisible();
  }
  await expect(page.getByLabel('API password')).toBeDisabled();
});
