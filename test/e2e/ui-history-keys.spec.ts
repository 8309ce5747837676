import { expect, test } from '@playwright/test';
import { intlLocale } from '../../shared/format/intl-locale';
import type { Host } from '../host';
import { launchUi, merchantReference, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('History by keyboard: Search first, Down to the list, Esc back to the same row; one date control; counts name payments and attempts', async () => {
  host = await launchUi();
  const { page } = host;
  const paid = await merchantReference(page);
  await pay(page, { amount: '20.00', card: '4440000042200014' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'New sale' }).click();
  const declined = await merchantReference(page);
  await pay(page, { amount: '310.00', card: '4000000000009995' });
  await expect(page.getByRole('heading', { name: 'Not approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });

  await page.getByRole('button', { name: 'History', exact: true }).click();
  const search = page.getByLabel('Search', { exact: true });
  await expect(search).toBeFocused();
  const rows = page.getByRole('list', { name: 'Payments and attempts' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Payments shown: 1 · Failed attempts shown: 1')).toBeVisible();

  // Down from Search goes to the first row (the newest: the declined attempt), Down again to
  // the next; Enter opens it; Esc comes back to the list with the cursor on that same row.
  await page.keyboard.press('ArrowDown');
  await expect(rows.first().getByRole('button')).toBeFocused();
  await expect(rows.first()).toContainText(declined);
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1).getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to the list' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Payment details' })).toHaveCount(0);
  await expect(rows.nth(1).getByRole('button')).toBeFocused();
  await expect(rows.nth(1)).toContainText(paid);
  // Up from the first row returns to Search; Enter in Search goes to the list too.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rows.first().getByRole('button')).toBeFocused();

  // The date range is one select: Search, Status, Date, Export CSV, no browser date boxes.
  await search.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Status', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Date', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Date', { exact: true })).toHaveJSProperty('tagName', 'SELECT');
  await expect(page.locator('input[type="date"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeFocused();
  await page.getByLabel('Date', { exact: true }).selectOption('yesterday');
  await expect(page.getByText('No payments match.')).toBeVisible();
  await page.getByLabel('Date', { exact: true }).selectOption('today');
  await expect(rows).toHaveCount(2);

  // Chosen days are typed year-month-day and echoed in the app's one date format.
  await page.getByLabel('Date', { exact: true }).selectOption('custom');
  const today = new Date();
  const iso = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  await page.getByLabel('From', { exact: true }).fill(iso);
  const echoed = new Intl.DateTimeFormat(intlLocale('en'), { dateStyle: 'medium' }).format(today);
  await expect(page.locator('.field-date').first()).toContainText(echoed);
  await expect(rows).toHaveCount(2);
  await snap(page, 'history-dates-en');
});
