import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { lowContrastTexts } from './page-checks';
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

/**
 * The Pay is lost before it reaches the order, and the Cancel that follows reaches the
 * gateway only after Paydesk stopped waiting for its answer: the sale is in doubt for a few
 * seconds, until a background Get order shows the order cancelled with nothing taken.
 */
async function lostPayLateCancel(
  language: 'en' | 'ar',
): Promise<{ page: Page; reference: string }> {
  host = await launchUi({
    language,
    engine: {
      timeouts: { headersMs: 1_500 },
      tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [1_000] },
    },
  });
  const { page } = host;
  const reference = await merchantReference(page, language === 'ar' ? 'مرجع التاجر' : undefined);
  host.sandbox.faults.failNext('pay', 1, 'reset');
  host.sandbox.faults.delayNext('cancel', 1, 6_000);
  await pay(
    page,
    { amount: '275.00', card: '5123456789012346' },
    language === 'ar' ? arabicLabels : undefined,
  );
  return { page, reference };
}

/** The result screen at both window sizes, then back to the first. */
async function snapBoth(page: Page, name: string): Promise<void> {
  await snap(page, `${name}-1024`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, `${name}-1920`);
  await page.setViewportSize({ width: 1024, height: 700 });
}

test('a lost Pay whose Cancel lands: the in-doubt screen turns into "Not charged" with Try again, in seconds', async () => {
  const { page, reference } = await lostPayLateCancel('en');
  const checking = page.getByRole('heading', { name: 'Checking with the bank', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });
  const shownAt = Date.now();

  const notCharged = page.getByRole('heading', { name: 'Not charged', exact: true });
  await expect(notCharged).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - shownAt).toBeLessThan(10_000);
  await expect(page.getByText('The bank has answered: this is the final result.')).toBeVisible();
  await expect(
    page.getByText('Paydesk cancelled the order with the bank before any money was taken', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not approved' })).toHaveCount(0);
  // Nothing was charged, so the same sale again is the likely next step, and Enter does it.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeFocused();
  expect(await lowContrastTexts(page)).toEqual([]);
  await snapBoth(page, 'result-not-charged-en');

  const order = sandboxOrderFor(host, reference);
  expect(order).toMatchObject({ detailedStatus: 'Cancelled', captureCount: 0, payAttempts: 0 });

  // History says the same: "Not charged", with why, never an error with a charge of 0.00.
  await page.getByRole('button', { name: 'History' }).click();
  const row = page.getByRole('listitem').filter({ hasText: reference });
  await expect(row).toContainText('Not charged');
  await expect(row).not.toContainText('Error');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Payment details' })).toBeVisible();
  await expect(page.locator('.detail-head .status-badge')).toHaveText('Not charged');
  await expect(page.locator('.not-charged-why')).toContainText('before any money was taken');
  await expect(page.getByText('Charged', { exact: true })).toHaveCount(0);
  await snapBoth(page, 'history-detail-not-charged-en');
});

test('Arabic: the in-doubt screen turns into «لم يُخصم أي مبلغ» with Try again', async () => {
  const { page, reference } = await lostPayLateCancel('ar');
  const checking = page.getByRole('heading', { name: 'بانتظار تأكيد البنك', exact: true });
  await expect(checking).toBeVisible({ timeout: 15_000 });
  const notCharged = page.getByRole('heading', { name: 'لم يُخصم أي مبلغ', exact: true });
  await expect(notCharged).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('ألغى Paydesk الطلب لدى البنك', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'إعادة المحاولة' })).toBeFocused();
  // The amount stays whole and in order inside the right-to-left screen.
  await expect(page.locator('.amount-display')).toHaveText(/275\.00/);
  expect(await lowContrastTexts(page)).toEqual([]);
  await snapBoth(page, 'result-not-charged-ar');
  expect(sandboxOrderFor(host, reference).captureCount).toBe(0);

  await page.getByRole('button', { name: 'السجل' }).click();
  const row = page.getByRole('listitem').filter({ hasText: reference });
  await expect(row.locator('.status-badge')).toHaveText('لم يُخصم أي مبلغ');
  await snapBoth(page, 'history-not-charged-ar');
});
