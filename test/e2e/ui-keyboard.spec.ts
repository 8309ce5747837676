import { expect, test } from '@playwright/test';
import { issuerFrame, type Host } from '../host';
import { launchUi, merchantReference, sandboxOrderFor } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('a whole sale with the keyboard only: no mouse event reaches the app', async () => {
  host = await launchUi();
  const { page } = host;
  // Count every pointer event the app page sees; keyboard activation fires none of these.
  await page.evaluate(() => {
    const seen = { count: 0 };
    (window as unknown as { pointerEvents: typeof seen }).pointerEvents = seen;
    for (const type of ['pointerdown', 'mousedown', 'mouseup', 'pointerup']) {
      window.addEventListener(type, () => (seen.count += 1), true);
    }
  });
  const keys = page.keyboard;
  const reference = await merchantReference(page);

  // Amount has focus on arrival; with its two decimals typed the cursor moves on to the card
  // number by itself, past the currency, which stays one Shift+Tab away.
  await keys.type('88.25');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await keys.press('Shift+Tab');
  await expect(page.getByLabel('Currency')).toBeFocused();
  // Enter on an incomplete form pays nothing and shows why.
  await keys.press('Enter');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByText('Enter the card number.')).toBeVisible();

  // Escape clears the form, errors included.
  await keys.press('Escape');
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Amount', { exact: true })).toBeFocused();
  await expect(page.getByText('Enter the card number.')).toHaveCount(0);

  // The counted sale: 16-digit card, 1250.50 and a 12-character name, in at most 43 keys and
  // no Tab. Every field moves on by itself once it is complete; Enter pays.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { keysSeen: string[] }).keysSeen = seen;
    window.addEventListener('keydown', (event) => seen.push(event.key), true);
  });
  await keys.type('1250.50');
  await expect(page.getByLabel('Card number')).toBeFocused();
  await keys.type('5888450000000003');
  await expect(page.getByLabel('Expiry', { exact: true })).toBeFocused();
  await keys.type('0139');
  await expect(page.getByLabel('CVV', { exact: true })).toBeFocused();
  await keys.type('123');
  await expect(page.getByLabel('Cardholder name')).toBeFocused();
  await keys.type('Layla Hassan');
  const fresh = await merchantReference(page);
  expect(fresh).not.toBe(reference);
  await keys.press('Enter');
  const keysSeen = await page.evaluate(
    () => (window as unknown as { keysSeen: string[] }).keysSeen,
  );
  expect(keysSeen).not.toContain('Tab');
  expect(keysSeen.length).toBe(43);

  // The customer's part, also by keyboard: the issuer page opens with the cursor in the
  // code field, so the customer just types the code and presses Enter.
  const challenge = await host.nextChallenge();
  const issuer = await issuerFrame(challenge);
  await expect(issuer.getByLabel('One-time code')).toBeFocused();
  await challenge.keyboard.type('123456');
  await challenge.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'New sale' })).toBeFocused();
  await keys.press('Enter');
  await expect(page.getByLabel('Amount', { exact: true })).toBeFocused();

  // Shift+Tab back from the amount passes the Card here / Send payment link choice, then
  // reaches the navigation of the top bar.
  await keys.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Send payment link' })).toBeFocused();
  await keys.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Card here' })).toBeFocused();
  await keys.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeFocused();
  await keys.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Shift', exact: true })).toBeFocused();
  await keys.press('Shift+Tab');
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: 'History', exact: true })).toBeVisible();

  expect(sandboxOrderFor(host, fresh).captureCount).toBe(1);
  const pointer = await page.evaluate(
    () => (window as unknown as { pointerEvents: { count: number } }).pointerEvents.count,
  );
  expect(pointer).toBe(0);
});
