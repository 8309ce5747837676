import { expect, test } from '@playwright/test';
import { completeChallenge, issuerFrame, type Host } from '../host';
import { arabicLabels, fillSale, launchUi, merchantReference, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const heading = (name: string) => host.page.getByRole('heading', { name, exact: true });
const ordersFor = (reference: string) =>
  host.sandbox.inspect.orders().filter((order) => order.merchantReferenceId === reference);

test('Try again after a decline: same amount, currency, reference and phone, card fields empty, focus on the card number', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await page.getByLabel('Currency').selectOption('AED');
  await page.getByLabel('Country code').fill('+971');
  await page.getByLabel('Phone number').fill('501234567');
  await pay(page, { amount: '310.00', card: '4000000000009995' });
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  // Nothing was charged, so Try again is offered next to New sale and Enter does it.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeFocused();
  await expect(page.getByRole('button', { name: 'New sale' })).toBeVisible();
  await snap(page, 'declined-try-again-en');
  await page.keyboard.press('Enter');

  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(
    page.getByText('Trying again: same amount, reference and phone.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('310.00');
  await expect(page.getByLabel('Currency')).toHaveValue('AED');
  expect(await merchantReference(page)).toBe(reference);
  await expect(page.getByLabel('Country code')).toHaveValue('+971');
  await expect(page.getByLabel('Phone number')).toHaveValue('501234567');
  for (const label of ['Card number', 'Expiry', 'CVV', 'Cardholder name']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
  await snap(page, 'sale-retry-en');

  // Another card, the same order: approved under the same reference.
  await page.keyboard.type('5123456789012346');
  await page.getByLabel('Expiry', { exact: true }).pressSequentially('0139');
  await page.getByLabel('CVV', { exact: true }).fill('123');
  await page.getByLabel('Cardholder name', { exact: true }).fill('Layla Hassan');
  await page.keyboard.press('Enter');
  await expect(heading('Approved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New sale' })).toBeFocused();
  const orders = ordersFor(reference);
  expect(orders.map((order) => [order.currency, order.amount, order.captureCount])).toEqual([
    ['AED', 310, 0],
    ['AED', 310, 1],
  ]);
});

test('Try again after a wrong code and after a closed verification window', async () => {
  host = await launchUi();
  const { page } = host;
  await pay(page, { amount: '75', card: '5888450000000003' });
  await completeChallenge(await host.nextChallenge(), '000000');
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('75');

  await fillSale(page, { amount: '75', card: '371449635398431' });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const challenge = await host.nextChallenge();
  await issuerFrame(challenge);
  await challenge.close();
  await expect(
    page.getByText('The customer verification window was closed before it finished.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
});

test('Try again after a gateway error that charged nothing', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  // Two: the card check's Initiate fails while the card is typed, then the sale's own.
  host.sandbox.faults.failNext('initiate', 2, 503);
  await pay(page, { amount: '18.00', card: '5123456789012346' });
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  expect(await merchantReference(page)).toBe(reference);
});

test('no Try again while the outcome is unknown', async () => {
  host = await launchUi({
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] } },
  });
  const { page } = host;
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 5, 503);
  await pay(page, { amount: '640.00', card: '5123456789012346' });
  await expect(heading('Checking with the bank')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // Nor through the store: the sale screen stays on the unknown outcome.
  await page.keyboard.press('Escape');
  await expect(heading('Checking with the bank')).toBeVisible();
});

test('Arabic: إعادة المحاولة after a decline keeps the order and empties the card', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  const reference = await merchantReference(page, 'مرجع التاجر');
  await pay(page, { amount: '310.00', card: '4000000000009995' }, arabicLabels);
  await expect(page.getByRole('heading', { name: 'غير مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'إعادة المحاولة' })).toBeFocused();
  await snap(page, 'declined-try-again-ar');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('رقم البطاقة', { exact: true })).toBeFocused();
  await expect(page.getByLabel('المبلغ', { exact: true })).toHaveValue('310.00');
  expect(await merchantReference(page, 'مرجع التاجر')).toBe(reference);
  await expect(page.getByText('إعادة المحاولة: بنفس المبلغ', { exact: false })).toBeVisible();
  await snap(page, 'sale-retry-ar');
});
