import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { arabicLabels, englishLabels, fillSale, launchUi, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const FRICTIONLESS = '5123456789012346';

const words = {
  en: {
    labels: englishLabels,
    authorizeOnly: /^Authorize only/,
    hold: 'Hold amount',
    holdKeys: 'Enter holds the amount when the form is complete',
    holding: 'Holding the amount',
    charging: 'Charging',
    authorized: 'Authorized — not yet charged',
    stepDone: 'done',
    cardHere: 'Card here',
    sendLink: 'Send payment link',
    amountMissing: 'Enter the amount.',
    expiryHint: 'MM/YY',
  },
  ar: {
    labels: arabicLabels,
    authorizeOnly: /^حجز المبلغ فقط/,
    hold: 'حجز المبلغ',
    holdKeys: 'Enter لحجز المبلغ عند اكتمال النموذج',
    holding: 'حجز المبلغ على البطاقة',
    charging: 'خصم المبلغ من البطاقة',
    authorized: 'مبلغ محجوز — لم يُخصم من البطاقة بعد',
    stepDone: 'مكتملة',
    cardHere: 'البطاقة هنا',
    sendLink: 'إرسال رابط دفع',
    amountMissing: 'أدخل المبلغ.',
    expiryHint: 'شهر/سنة',
  },
} as const;

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return 'body';
    const labels = active instanceof HTMLInputElement ? active.labels : null;
    return labels?.[0]?.textContent ?? active.textContent ?? active.id;
  });

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`sale words (${language}): Authorize only says Hold on the button and Holding in progress`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    // The hold is held back 3 s so its step stays in progress long enough to be read and
    // pictured; a gateway merely slow on every call left a window shorter than the test's poll.
    host.sandbox.faults.delayNext('pay', 1, 3_000);
    await expect(page.getByText(w.expiryHint, { exact: false }).first()).toBeVisible();
    await page.getByRole('checkbox', { name: w.authorizeOnly }).check();
    await expect(page.getByRole('button', { name: w.hold, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: w.labels.pay, exact: true })).toHaveCount(0);
    await expect(page.locator('.pay-keys')).toContainText(w.holdKeys);
    await fillSale(page, { amount: '42.00', card: FRICTIONLESS }, w.labels);
    await page.getByRole('button', { name: w.hold, exact: true }).click();
    const steps = page.locator('.steps');
    await expect(steps).toContainText(w.holding);
    await expect(steps).not.toContainText(w.charging);
    await expect(steps.locator('[aria-current="step"] .step-name')).toHaveText(w.holding);
    await expect(steps).toContainText(w.stepDone);
    await snap(page, `sale-holding-${language}`);
    await expect(page.getByRole('heading', { name: w.authorized, exact: true })).toBeVisible({
      timeout: 15_000,
    });
  });

  test(`sale words (${language}): switching Card here / Send payment link leaves an untouched form quiet`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    // The mode already chosen, then each in turn, from a form nobody has typed in.
    for (const mode of [w.cardHere, w.sendLink, w.sendLink, w.cardHere, w.cardHere]) {
      await page.getByRole('button', { name: mode, exact: true }).click();
      await expect(page.getByRole('button', { name: mode, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText(w.amountMissing)).toHaveCount(0);
    }
    // Pay on the empty form still says what is missing.
    await page.getByRole('button', { name: w.labels.pay, exact: true }).click();
    await expect(page.getByText(w.amountMissing)).toBeVisible();
  });
}

test('the Tab habit and the form moving on agree: each lands in the next field, never one further', async () => {
  host = await launchUi();
  const { page } = host;
  const amount = page.getByLabel('Amount', { exact: true });
  const cardNumber = page.getByLabel('Card number', { exact: true });
  const expiry = page.getByLabel('Expiry', { exact: true });
  const cvv = page.getByLabel('CVV', { exact: true });

  // Habit one: Tab out of every field, even the ones the form completes by itself.
  await amount.pressSequentially('12.50');
  await expect(cardNumber).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cardNumber).toBeFocused();
  await cardNumber.pressSequentially(FRICTIONLESS);
  await expect(expiry).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(expiry).toBeFocused();
  await expiry.pressSequentially('0139');
  await page.keyboard.press('Tab');
  await expect(cvv).toBeFocused();

  // Habit two: keep typing and let the form move on; a Tab once typing has begun moves on.
  await page.keyboard.press('Escape');
  await expect(amount).toBeFocused();
  await page.keyboard.type('12.50');
  await page.keyboard.type(FRICTIONLESS.slice(0, 4));
  await expect(cardNumber).toBeFocused();
  await page.keyboard.type(FRICTIONLESS.slice(4));
  await expect(expiry).toBeFocused();
  // Shift+Tab right after a move goes back, as ever.
  await page.keyboard.press('Shift+Tab');
  await expect(cardNumber).toBeFocused();
  expect(await focusedLabel(page)).not.toBe('body');
});

test('focus stays on the page’s controls after Print, Save PDF and the last refund', async () => {
  host = await launchUi();
  const { page } = host;
  await fillSale(page, { amount: '30.00', card: FRICTIONLESS });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  for (const name of ['Print receipt', 'Save PDF']) {
    const button = page.getByRole('button', { name, exact: true });
    await button.click();
    await expect(page.locator('.receipt-actions [role="status"] .notice')).toBeVisible();
    await expect(button).toBeFocused();
  }

  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.getByRole('list', { name: 'Payments' }).getByRole('listitem').first().click();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await dialog.getByRole('button', { name: 'Refund now' }).click();
  await expect(page.getByText('Refund done.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect.poll(() => focusedLabel(page)).not.toBe('body');
  await expect(page.locator('.receipt-actions button').first()).toBeFocused();
});
