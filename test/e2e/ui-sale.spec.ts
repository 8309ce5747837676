import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { completeChallenge, issuerFrame, type Host } from '../host';
import { fillSale, launchUi, merchantReference, pay, sandboxOrderFor, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const heading = (name: string) => host.page.getByRole('heading', { name, exact: true });

test('approved sale: the customer types the one-time code on the issuer page', async () => {
  host = await launchUi();
  const { page } = host;
  await snap(page, 'sale-empty-en');
  await fillSale(page, { amount: '1250.50', card: '5888450000000003' });
  await expect(page.getByText('mada', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveValue('5888 4500 0000 0003');
  // Main prepared the session while the card was typed.
  await expect(page.getByText('Connection to the gateway is ready.')).toBeVisible();
  const reference = await merchantReference(page);
  expect(reference).toMatch(/^PD-\d{8}-[2-9A-HJ-NP-Z]{6}$/);
  await snap(page, 'sale-filled-en');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const challenge = await host.nextChallenge();
  await expect(page.getByText('Customer verification in progress')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Checking card' })).toContainText(
    'done',
  );
  await snap(page, 'progress-verification-en');
  await issuerFrame(challenge);
  await snap(challenge, 'challenge-code-en');
  // The card left the page the moment Pay was pressed.
  expect(await page.content()).not.toContain('5888 4500 0000 0003');
  await completeChallenge(challenge, '123456');

  await expect(heading('Approved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('SAR 1,250.50')).toBeVisible();
  await expect(page.getByText('588845******0003')).toBeVisible();
  const order = sandboxOrderFor(host, reference);
  await expect(page.getByText(order.orderId)).toBeVisible();
  await expect(page.getByText('Authorisation code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sale' })).toBeFocused();
  await snap(page, 'approved-result-en');
  expect(order.captureCount).toBe(1);
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('The receipt was sent to the printer.')).toBeVisible();
  expect(host.printJobs).toHaveLength(1);
  expect(host.printJobs[0]?.silent).toBe(false);
  expect(order.detailedStatus).toBe('Paid');
  expect(readFileSync(host.logPath, 'utf8')).not.toContain('5888450000000003');

  // Enter starts the next sale with an empty form and a fresh reference.
  await page.getByRole('button', { name: 'New sale' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Amount', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Card number')).toHaveValue('');
  expect(await merchantReference(page)).not.toBe(reference);
});

test('wrong one-time code: not approved, reason in words, nothing charged', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await pay(page, { amount: '75', card: '5888450000000003' });
  await completeChallenge(await host.nextChallenge(), '000000');
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText('The customer did not pass their bank’s verification.'),
  ).toBeVisible();
  await expect(page.getByText('What to do next')).toBeVisible();
  await snap(page, 'declined-verification-en');
  expect(sandboxOrderFor(host, reference).captureCount).toBe(0);
});

test('closing the challenge window cancels the payment', async () => {
  host = await launchUi();
  const { page } = host;
  await pay(page, { amount: '20.00', card: '371449635398431' });
  const challenge = await host.nextChallenge();
  await issuerFrame(challenge);
  await challenge.close();
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText('The customer verification window was closed before it finished.'),
  ).toBeVisible();
  await expect(page.getByText('Nothing was charged.', { exact: false })).toBeVisible();
  await snap(page, 'declined-cancelled-en');
});

test('the operator cancels while the customer verifies: nothing charged', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await pay(page, { amount: '55.00', card: '5888450000000003' });
  await issuerFrame(await host.nextChallenge());
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The payment was cancelled in Paydesk.')).toBeVisible();
  expect(sandboxOrderFor(host, reference).captureCount).toBe(0);
});

test('a declined card: the bank’s refusal with gateway code and support reference', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await pay(page, { amount: '310.00', card: '4000000000009995' });
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The bank declined the card.')).toBeVisible();
  await expect(page.getByText('Gateway code')).toBeVisible();
  await expect(page.getByText('Support reference')).toBeVisible();
  await expect(
    page.getByText('Ask the customer for another card or another way to pay.'),
  ).toBeVisible();
  await snap(page, 'declined-result-en');
  expect(sandboxOrderFor(host, reference).captureCount).toBe(0);
});

test('a frictionless card pays without a challenge', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  let challenged = false;
  // No challenge is expected: the wait's own timeout must not fail a later test.
  void host.nextChallenge().then(
    () => (challenged = true),
    () => undefined,
  );
  await pay(page, { amount: '42.00', card: '5123456789012346' });
  await expect(heading('Approved')).toBeVisible({ timeout: 15_000 });
  expect(challenged).toBe(false);
  expect(sandboxOrderFor(host, reference).captureCount).toBe(1);
});

test('the session expires while the challenge is open: clear message, nothing charged', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await pay(page, { amount: '99.99', card: '5888450000000003' });
  const challenge = await host.nextChallenge();
  await issuerFrame(challenge);
  host.clock.advance(16 * 60_000);
  await expect(heading('Not approved')).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText('The payment session expired (sessions last 15 minutes).'),
  ).toBeVisible();
  await expect(page.getByText('Start the sale again.', { exact: false })).toBeVisible();
  await snap(page, 'declined-expired-en');
  expect(sandboxOrderFor(host, reference).captureCount).toBe(0);
});
