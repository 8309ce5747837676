import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { lowContrastTexts, unnamedControls } from './page-checks';
import {
  arabicLabels,
  launchUi,
  merchantReference,
  pay,
  sandboxOrderFor,
  snap,
} from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

/** One row of the step list, by its name. */
const step = (page: Page, name: string) =>
  page.locator('.steps li').filter({ has: page.getByText(name, { exact: true }) });

/** The answer of Pay stays unknown while the test looks: only Check now (or a test) ends it. */
const quietBackground = {
  tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] },
};

test('a lost Pay answer: no default button, Enter does nothing, Charging never done; the answer then arrives by itself', async () => {
  host = await launchUi({
    // Background Get order rounds every second, so the answer arrives soon after it can.
    engine: { tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [1_000] } },
  });
  const { page } = host;
  const reference = await merchantReference(page);
  // Pay charges the card but its answer never arrives, and Get order fails until the test
  // lets it through: the outcome stays unknown for as long as the test needs.
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 1_000, 503);
  await pay(page, { amount: '640.00', card: '5123456789012346' });

  const checking = page.getByRole('heading', { name: 'Checking with the bank', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Do not take this payment again', { exact: false })).toBeVisible();
  // No button is the default: focus is on the heading, and the habitual Enter stays here.
  await expect(checking).toBeFocused();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Enter');
  await expect(checking).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sale' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sale' })).not.toBeFocused();
  await expect(page.getByRole('button', { name: 'Check now' })).not.toBeFocused();

  // Pay is listed as sent without an answer, never done; the check with the bank runs.
  await expect(step(page, 'Charging')).toContainText('sent, no answer yet');
  await expect(step(page, 'Charging')).not.toHaveClass(/step-done/);
  await expect(step(page, 'Checking with the bank')).toContainText('in progress');
  await expect(step(page, 'Done')).toContainText('waiting');
  // Unknown is never shown as a failure, and no receipt can be printed for it yet.
  await expect(page.getByRole('heading', { name: 'Not approved' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toHaveCount(0);

  // The time since Pay ticks, and what happens next is spelled out.
  const elapsed = page.locator('.elapsed-time');
  const shown = (await elapsed.textContent()) ?? '';
  await expect(elapsed).not.toHaveText(shown, { timeout: 3_000 });
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(
    page.getByText('17 minutes after the bank session was opened', { exact: false }),
  ).toBeVisible();
  expect(await lowContrastTexts(page)).toEqual([]);
  expect(await unnamedControls(page)).toEqual([]);
  await snap(page, 'result-checking-en', { height: 1_100 });

  // Check now while the gateway still cannot say: the screen says so and stays in doubt.
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText(/^Asked at .+: the bank has no answer yet\.$/)).toBeVisible();
  await expect(checking).toBeVisible();

  // The gateway answers again: the background check settles it without anyone pressing.
  host.sandbox.faults.clear();
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('The bank has answered: this is the final result.')).toBeVisible();
  await expect(page.getByText('SAR 640.00')).toBeVisible();
  await snap(page, 'approved-settled-en');

  const order = sandboxOrderFor(host, reference);
  expect(order.captureCount).toBe(1);
  expect(order.payAttempts).toBe(1);
  // It stays settled: a later look at the journal agrees and nothing was charged again.
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: reference })).toContainText('Paid');
  expect(sandboxOrderFor(host, reference).captureCount).toBe(1);
});

test('Check now settles a Pay that landed late, once the gateway order shows it; Pay is never sent twice', async () => {
  host = await launchUi({ engine: { timeouts: { payHeadersMs: 1_000 }, ...quietBackground } });
  const { page } = host;
  const reference = await merchantReference(page);
  // The gateway takes the Pay but shows it on the order only 4 s later; our Pay gives up
  // waiting for its answer after 1 s. Get order fails the next three times (the read before a
  // Cancel and the sale's two), so no Cancel goes out and the sale stays in doubt.
  host.sandbox.faults.payLandsLate(1, 4_000);
  host.sandbox.faults.failNext('order', 3, 503);
  await pay(page, { amount: '88.50', card: '4440000042200014' });

  const checking = page.getByRole('heading', { name: 'Checking with the bank', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });
  const checkNow = page.getByRole('button', { name: 'Check now' });
  await checkNow.click();
  await expect(page.getByText(/: the bank has no answer yet\.$/)).toBeVisible();
  await expect(checking).toBeVisible();

  await expect
    .poll(() => sandboxOrderFor(host, reference).detailedStatus, { timeout: 10_000 })
    .toBe('Paid');
  await checkNow.click();
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('The bank has answered: this is the final result.')).toBeVisible();
  await expect(page.getByText('SAR 88.50')).toBeVisible();
  const order = sandboxOrderFor(host, reference);
  expect(order.captureCount).toBe(1);
  expect(order.payAttempts).toBe(1);
});

test('a slow Pay: Cancel says why it is off, and after 10 s the screen says the bank is slow', async () => {
  host = await launchUi();
  const { page } = host;
  // The window's clock runs normally but can jump: 10 s pass without waiting for them.
  await page.clock.install();
  const reference = await merchantReference(page);
  host.sandbox.faults.payLandsLate(1, 5_000);
  await pay(page, { amount: '19.99', card: '4440000042200014' });

  await expect(step(page, 'Charging')).toContainText('in progress', { timeout: 15_000 });
  const cancel = page.getByRole('button', { name: 'Cancel payment' });
  await expect(cancel).toBeDisabled();
  await expect(cancel).toHaveAccessibleDescription(/^Cancel is no longer possible: /);
  await expect(page.getByText('Cancel is no longer possible: ', { exact: false })).toBeVisible();
  const slow = page.getByText('The bank is slow to answer.', { exact: false });
  await page.clock.fastForward(8_000);
  await expect(page.locator('.elapsed-time')).toHaveText(/^0:(0[89]|1\d)$/);
  await expect(slow).toHaveCount(0);
  await page.clock.fastForward(2_500);
  await expect(slow).toBeVisible();
  await expect(slow).toContainText('Do not repeat this payment');
  await expect(step(page, 'Charging')).not.toHaveClass(/step-done/);
  await snap(page, 'progress-slow-bank-en');

  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  expect(sandboxOrderFor(host, reference).captureCount).toBe(1);
});

test('Arabic: the slow bank, why Cancel is off, and the in-doubt screen, right to left', async () => {
  host = await launchUi({
    language: 'ar',
    engine: { timeouts: { payHeadersMs: 3_000 }, ...quietBackground },
  });
  const { page } = host;
  await page.clock.install();
  const reference = await merchantReference(page, 'مرجع التاجر');
  host.sandbox.faults.payLandsLate(1, 8_000);
  // No read before a Cancel, nor the sale's two: in doubt, no Cancel sent.
  host.sandbox.faults.failNext('order', 3, 503);
  await pay(page, { amount: '1250.50', card: '4440000042200014' }, arabicLabels);

  await expect(step(page, 'خصم المبلغ من البطاقة')).toContainText('قيد التنفيذ', {
    timeout: 15_000,
  });
  await page.clock.fastForward(10_500);
  await expect(page.getByText('البنك بطيء في الرد', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'إلغاء الدفع' })).toHaveAccessibleDescription(
    /^لم يعد الإلغاء ممكنًا/,
  );
  await snap(page, 'progress-slow-bank-ar');

  const checking = page.getByRole('heading', { name: 'بانتظار تأكيد البنك', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });
  await expect(checking).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(checking).toBeVisible();
  await expect(step(page, 'خصم المبلغ من البطاقة')).toContainText('أُرسلت، ولم يصل الرد بعد');
  await expect(page.getByRole('heading', { name: 'ماذا سيحدث بعد ذلك' })).toBeVisible();
  expect(await lowContrastTexts(page)).toEqual([]);
  await snap(page, 'result-checking-ar', { height: 1_100 });

  await expect
    .poll(() => sandboxOrderFor(host, reference).detailedStatus, { timeout: 15_000 })
    .toBe('Paid');
  await page.getByRole('button', { name: 'اسأل البنك الآن' }).click();
  await expect(page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  expect(sandboxOrderFor(host, reference).captureCount).toBe(1);
});

test('still no charge past the deadline and the bank will not cancel: the screen sends it to a supervisor', async () => {
  host = await launchUi({ engine: { timeouts: { payHeadersMs: 1_000 }, ...quietBackground } });
  const { page } = host;
  const reference = await merchantReference(page);
  // The gateway holds the Pay for longer than the test lasts, and cannot be reached to cancel.
  host.sandbox.faults.payLandsLate(1, 30_000);
  host.sandbox.faults.failNext('cancel', 100, 503);
  await pay(page, { amount: '42.00', card: '4440000042200014' });
  const checking = page.getByRole('heading', { name: 'Checking with the bank', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });

  // 18 minutes later the engine may cancel the order, but the gateway cannot be reached for it.
  host.clock.advance(18 * 60_000);
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(
    page.getByText('A supervisor must check this payment with the bank.', { exact: false }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('nothing more happens by itself', { exact: false })).toBeVisible();
  await expect(checking).toBeVisible();
  expect(sandboxOrderFor(host, reference).captureCount).toBe(0);
});
