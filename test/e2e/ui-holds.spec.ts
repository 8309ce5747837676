import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import {
  arabicLabels,
  englishLabels,
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

const dayMs = 24 * 60 * 60 * 1000;
const FRICTIONLESS = '5123456789012346';

/** What the operator reads and clicks, per language. */
const words = {
  en: {
    labels: englishLabels,
    reference: 'Merchant reference',
    authorizeOnly: /^Authorize only/,
    hold: 'Hold amount',
    authorized: 'Authorized — not yet charged',
    approved: 'Approved',
    history: 'History',
    payments: 'Payments',
    held: 'Held',
    heldFor: /^Held for /,
    capture: 'Capture',
    release: 'Release',
    captureDialog: 'Capture the held amount',
    releaseDialog: 'Release the hold',
    captureNow: 'Capture now',
    releaseNow: 'Release now',
    refundHint: 'refund the difference',
    captured: /^Captured: the amount is charged/,
    released: /^Released: the hold is given back/,
    releasedStatus: 'Hold released',
    paidStatus: 'Paid',
    captureReceipt: 'Capture receipt',
    releaseReceipt: 'Release receipt',
    expiresSoon: /^This hold expires on /,
  },
  ar: {
    labels: arabicLabels,
    reference: 'مرجع التاجر',
    authorizeOnly: /^حجز المبلغ فقط/,
    hold: 'حجز المبلغ',
    authorized: 'مبلغ محجوز — لم يُخصم من البطاقة بعد',
    approved: 'مقبولة',
    history: 'السجل',
    payments: 'عمليات الدفع',
    held: 'مبلغ محجوز',
    heldFor: /^محجوز منذ /,
    capture: 'تحصيل',
    release: 'إبطال الحجز',
    captureDialog: 'تحصيل المبلغ المحجوز',
    releaseDialog: 'إبطال الحجز',
    captureNow: 'حصّل الآن',
    releaseNow: 'أبطل الآن',
    refundHint: 'استرد الفرق',
    captured: /^تم التحصيل: /,
    released: /^أُبطل الحجز: /,
    releasedStatus: 'حجز مُبطَل',
    paidStatus: 'مقبولة',
    captureReceipt: 'إيصال التحصيل',
    releaseReceipt: 'إيصال إبطال الحجز',
    expiresSoon: /^ينتهي هذا الحجز في /,
  },
} as const;

type Language = keyof typeof words;

/** Takes an Authorize only sale through to its result; returns its merchant reference. */
async function authorize(page: Page, language: Language, amount: string): Promise<string> {
  const w = words[language];
  const reference = await merchantReference(page, w.reference);
  await page.getByRole('checkbox', { name: w.authorizeOnly }).check();
  await pay(page, { amount, card: FRICTIONLESS }, { ...w.labels, pay: w.hold });
  await expect(page.getByRole('heading', { name: w.authorized, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  return reference;
}

/** Opens the one payment in History. */
async function openInHistory(page: Page, language: Language) {
  const w = words[language];
  await page.getByRole('button', { name: w.history, exact: true }).click();
  const rows = page.getByRole('list', { name: w.payments }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  return rows.first();
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`${language}: authorize, then capture: held in History, captured in full, its own receipt`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    const reference = await authorize(page, language, '240.00');
    expect(sandboxOrderFor(host, reference)).toMatchObject({
      detailedStatus: 'Authorized',
      captureCount: 0,
    });
    await snap(page, `hold-authorized-${language}`);

    const row = await openInHistory(page, language);
    await expect(row).toContainText(w.held);
    await expect(row.locator('.cell-hold')).toHaveText(w.heldFor);
    await row.getByRole('button').click();
    await page.getByRole('button', { name: w.capture, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.captureDialog });
    // A different final amount is a capture in full, then a refund: the screen says so.
    await expect(dialog).toContainText(w.refundHint);
    await snap(page, `hold-capture-${language}`);
    await dialog.getByRole('button', { name: w.captureNow }).click();
    await expect(page.getByText(w.captured)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.detail-head')).toContainText(w.paidStatus);
    await expect(page.getByRole('heading', { name: w.captureReceipt })).toBeVisible();
    expect(sandboxOrderFor(host, reference)).toMatchObject({
      detailedStatus: 'Captured',
      captureCount: 1,
    });
    await snap(page, `hold-captured-${language}`, { height: 1000 });
  });

  test(`${language}: authorize, then release: Voided at the gateway, nothing charged`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    const reference = await authorize(page, language, '75.00');
    const row = await openInHistory(page, language);
    await row.getByRole('button').click();
    await page.getByRole('button', { name: w.release, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: w.releaseDialog });
    await dialog.getByRole('button', { name: w.releaseNow }).click();
    await expect(page.getByText(w.released)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.detail-head')).toContainText(w.releasedStatus);
    await expect(page.getByRole('heading', { name: w.releaseReceipt })).toBeVisible();
    await expect(page.getByRole('button', { name: w.capture, exact: true })).toHaveCount(0);
    expect(sandboxOrderFor(host, reference)).toMatchObject({
      detailedStatus: 'Voided',
      captureCount: 0,
    });
    await snap(page, `hold-released-${language}`, { height: 1000 });
  });

  test(`${language}: a hold near its expiry is warned in History`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    // The window's clock runs normally but can jump: six and a half days pass at once.
    await page.clock.install();
    await authorize(page, language, '12.00');
    await page.clock.setSystemTime(Date.now() + 6.5 * dayMs);
    const row = await openInHistory(page, language);
    await expect(row.locator('.cell-hold-warning')).toBeVisible();
    await row.getByRole('button').click();
    await expect(page.getByRole('alert').filter({ hasText: w.expiresSoon })).toBeVisible();
    await snap(page, `hold-expiring-${language}`);
  });
}

test('capture is refused on a paid (one-step) order: no button, and main refuses it too', async () => {
  host = await launchUi();
  const { page } = host;
  const reference = await merchantReference(page);
  await pay(page, { amount: '30.00', card: FRICTIONLESS });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const row = await openInHistory(page, 'en');
  const attemptId = await row.getAttribute('data-attempt-id');
  await row.getByRole('button').click();
  await expect(page.getByRole('button', { name: 'Capture', exact: true })).toHaveCount(0);
  const answer = await page.evaluate(
    (id) => window.paydesk.holdCapture({ attemptId: id ?? '' }),
    attemptId,
  );
  expect(answer).toMatchObject({ ok: false, error: { code: 'hold-not-held' } });
  expect(sandboxOrderFor(host, reference)).toMatchObject({
    detailedStatus: 'Paid',
    captureCount: 1,
  });
});
