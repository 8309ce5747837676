import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { englishLabels, fillSale, launchUi, pay } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const card = '5123456789012346';

/** Every value any input of the page holds, hidden ones included, digits only. */
const inputDigits = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('input')].map((input) => input.value.replace(/\D/g, '')),
  );

test('the menu’s New sale drops a half-typed card and leaves a result for a blank form', async () => {
  host = await launchUi();
  const { page } = host;

  // Card typed, not paid: New sale from the menu (Ctrl+N) must not keep any of it.
  await fillSale(page, { amount: '12.00', card });
  host.core.events.emit('menuCommand', 'new-sale');
  for (const label of ['amount', 'cardNumber', 'expiry', 'cvv', 'holder'] as const) {
    await expect(page.getByLabel(englishLabels[label], { exact: true })).toHaveValue('');
  }
  await expect(page.getByLabel(englishLabels.amount, { exact: true })).toBeFocused();
  expect((await inputDigits(page)).some((digits) => digits.includes(card.slice(6, 12)))).toBe(
    false,
  );

  // A result on screen: New sale from the menu starts the next sale, as the button does.
  await pay(page, { amount: '42.00', card });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  expect((await inputDigits(page)).some((digits) => digits.includes(card.slice(6, 12)))).toBe(
    false,
  );
  host.core.events.emit('menuCommand', 'new-sale');
  await expect(page.getByLabel(englishLabels.amount, { exact: true })).toBeFocused();
  await expect(page.getByLabel(englishLabels.cardNumber, { exact: true })).toHaveValue('');
});
