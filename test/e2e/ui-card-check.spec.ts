import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { completeChallenge, issuerFrame, type Host } from '../host';
import { fillSale, launchUi, merchantReference, sandboxOrderFor } from './ui-helpers';

/**
 * The card is checked while it is typed. The form works exactly as before; only
 * the gateway sees the order (Initiate Authentication and the method page) before Pay.
 */

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const CARD = '5123450000000008';
const OTHER_CARD = '4440000009900010';

const ordersFor = (reference: string) =>
  host.sandbox.inspect.orders().filter((order) => order.merchantReferenceId === reference);

const trainingChecks = () => host.core.modes.all().find((m) => m.name === 'training')!.journal;

/** Pay, the customer types the issuer's one-time code, and the sale is Approved. */
async function payPastChallenge(page: Page) {
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const challenge = await host.nextChallenge();
  await issuerFrame(challenge);
  await completeChallenge(challenge, '123456');
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
}

test('the card check runs before Pay and the sale continues it: one order, one challenge', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await fillSale(page, { amount: '75.00', card: CARD });
  // The method page ran while expiry, CVV and name were typed.
  await expect.poll(() => ordersFor(reference)[0]?.methodCompleted ?? false).toBe(true);
  const checked = sandboxOrderFor(host, reference);

  await payPastChallenge(page);
  expect(sandboxOrderFor(host, reference)).toMatchObject({
    orderId: checked.orderId,
    captureCount: 1,
  });
  await expect(page.getByText(checked.orderId)).toBeVisible();
  expect(readFileSync(host.logPath, 'utf8')).not.toContain(CARD);
});

test('a changed card number and a cleared form cancel the check at the gateway', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await fillSale(page, { amount: '75.00', card: CARD });
  await expect.poll(() => ordersFor(reference).length).toBe(1);
  const number = page.getByLabel('Card number', { exact: true });
  await number.fill('');
  await number.pressSequentially(OTHER_CARD);
  await expect
    .poll(() => ordersFor(reference).map((order) => order.detailedStatus))
    .toEqual(['Cancelled', 'Initiated']);
  expect(ordersFor(reference)[0]?.cancelReason).toBe('CancelledByUser');

  await page.keyboard.press('Escape');
  await expect(number).toHaveValue('');
  await expect
    .poll(() => ordersFor(reference).map((order) => order.detailedStatus))
    .toEqual(['Cancelled', 'Cancelled']);
  // Checks are not payments: History has nothing.
  expect(trainingChecks().search({}, null, 10).rows).toEqual([]);
});

test('with "Check the card only after Pay" nothing reaches the gateway before Pay', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const setting = page.getByLabel('Check the card only after Pay');
  await expect(setting).not.toBeChecked();
  await setting.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(host.core.settings.current().checkCardEarly).toBe(false);

  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  const reference = await merchantReference(page);
  await fillSale(page, { amount: '75.00', card: CARD });
  // Give a check every chance to start: none may.
  await page.waitForTimeout(600);
  expect(ordersFor(reference)).toEqual([]);
  await payPastChallenge(page);
  expect(sandboxOrderFor(host, reference).captureCount).toBe(1);
});
