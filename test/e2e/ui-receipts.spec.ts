import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import {
  arabicLabels,
  englishLabels,
  fillSale,
  launchUi,
  merchantReference,
  pay,
  snap,
} from './ui-helpers';

// The receipts a payment offers on its page, as the cashier prints them: one per refund, a
// reprint headed by what the payment is now, one row of buttons per document after a capture.

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const FRICTIONLESS = '5123456789012346';

const words = {
  en: {
    labels: englishLabels,
    reference: 'Merchant reference',
    approved: 'Approved',
    history: 'History',
    payments: 'Payments',
    refund: 'Refund',
    refundDialog: 'Refund payment',
    partial: 'Partial refund',
    refundAmount: 'Refund amount',
    refundNow: 'Refund now',
    refundDone: 'Refund done.',
    printCustomer: 'Print customer copy',
    printed: 'The receipt was sent to the printer.',
    refundReceipt: (n: number) => new RegExp(`^Refund receipt ${n}: `),
    refunded: 'Refunded',
    stillCharged: 'Still charged',
  },
  ar: {
    labels: arabicLabels,
    reference: 'مرجع التاجر',
    approved: 'مقبولة',
    history: 'السجل',
    payments: 'عمليات الدفع',
    refund: 'استرداد',
    refundDialog: 'استرداد عملية الدفع',
    partial: 'استرداد جزئي',
    refundAmount: 'مبلغ الاسترداد',
    refundNow: 'استرداد الآن',
    refundDone: 'تم الاسترداد.',
    printCustomer: 'طباعة نسخة العميل',
    printed: 'تم إرسال الإيصال إلى الطابعة.',
    refundReceipt: (n: number) => new RegExp(`^إيصال استرداد \\u2068${n}\\u2069: `),
    refunded: 'المبلغ المسترد',
    stillCharged: 'المبلغ المحصَّل المتبقي',
  },
} as const;

/** The last receipt sent to the printer, as its text. */
const lastPrinted = (h: Host) => h.printJobs.at(-1)?.html ?? '';

async function refund(page: Page, language: keyof typeof words, amount?: string) {
  const w = words[language];
  await page.getByRole('button', { name: w.refund, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: w.refundDialog });
  if (amount) {
    await dialog.getByLabel(w.partial).check();
    await dialog.getByLabel(w.refundAmount).fill(amount);
  }
  await dialog.getByRole('button', { name: w.refundNow }).click();
  await expect(page.getByText(w.refundDone)).toBeVisible({ timeout: 15_000 });
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`${language}: a receipt for each refund, and the reprint says what the payment is now`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    await merchantReference(page, w.reference);
    await pay(page, { amount: '1250.50', card: FRICTIONLESS }, w.labels);
    await expect(page.getByRole('heading', { name: w.approved, exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('button', { name: w.history, exact: true }).click();
    await page
      .getByRole('list', { name: w.payments })
      .getByRole('listitem')
      .first()
      .getByRole('button')
      .click();
    // Before any refund: one row of receipt buttons, the sale's, and no refunded figure.
    await expect(page.locator('.receipt-actions')).toHaveCount(1);
    await expect(page.locator('.amount-refunded')).toHaveCount(0);

    await refund(page, language, '250.00');
    // The refund's own receipt is offered right under its outcome.
    const firstRefund = page
      .locator('.receipt-actions')
      .filter({ has: page.getByRole('heading', { name: w.refundReceipt(1) }) });
    await expect(firstRefund).toBeVisible();
    await expect(page.locator('.amount-refunded')).toContainText(w.refunded);
    await expect(page.locator('.amount-refunded')).toContainText('250.00');
    await expect(page.locator('.amount-refunded')).toContainText(w.stillCharged);
    await expect(page.locator('.amount-refunded')).toContainText('1,000.50');
    await firstRefund.getByRole('button', { name: w.printCustomer }).click();
    await expect(firstRefund.getByText(w.printed)).toBeVisible();
    expect(lastPrinted(host)).toContain('REFUND APPROVED');
    expect(lastPrinted(host)).toContain('إيصال استرداد');
    expect(lastPrinted(host)).toMatch(/SAR\s250\.00/);

    const sale = page.locator('.receipt-actions').first();
    await sale.getByRole('button', { name: w.printCustomer }).click();
    await expect(sale.getByText(w.printed)).toBeVisible();
    expect(lastPrinted(host)).toContain('PARTLY REFUNDED');
    expect(lastPrinted(host)).toMatch(/<div class="amount"><bdi>SAR\s1,000\.50<\/bdi>/);

    await refund(page, language);
    await expect(page.locator('.receipt-actions')).toHaveCount(3);
    const secondRefund = page
      .locator('.receipt-actions')
      .filter({ has: page.getByRole('heading', { name: w.refundReceipt(2) }) });
    await secondRefund.getByRole('button', { name: w.printCustomer }).click();
    await expect(secondRefund.getByText(w.printed)).toBeVisible();
    expect(lastPrinted(host)).toMatch(/SAR\s1,000\.50/);
    expect(lastPrinted(host)).toContain('The payment is now fully refunded.');
    await sale.getByRole('button', { name: w.printCustomer }).click();
    await expect.poll(() => lastPrinted(host)).toContain('FULLY REFUNDED');
    expect(lastPrinted(host)).not.toContain('APPROVED');
    await snap(page, `receipts-refund-rows-${language}`);
    // The top of the page: the original amount with what was refunded and is still charged.
    const top = () =>
      page.locator('.amount-display').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await top();
    await snap(page, `receipts-refunded-detail-${language}`);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await top();
    await snap(page, `receipts-refunded-detail-wide-${language}`);
  });
}

test('after a capture the page offers one row of receipt buttons, the capture receipt', async () => {
  host = await launchUi();
  const { page } = host;
  await merchantReference(page);
  await page.getByRole('checkbox', { name: /^Authorize only/ }).check();
  await fillSale(page, { amount: '240.00', card: FRICTIONLESS });
  await page.getByRole('button', { name: 'Hold amount', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Authorized — not yet charged', exact: true }),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page
    .getByRole('list', { name: 'Payments' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .click();
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Capture the held amount' })
    .getByRole('button', { name: 'Capture now' })
    .click();
  await expect(page.getByText(/^Captured: the amount is charged/)).toBeVisible({
    timeout: 15_000,
  });
  const rows = page.locator('.receipt-actions');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('heading', { name: 'Capture receipt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print customer copy' })).toHaveCount(1);
  await rows.getByRole('button', { name: 'Print customer copy' }).click();
  await expect(page.getByText('The receipt was sent to the printer.')).toBeVisible();
  expect(lastPrinted(host)).toContain('Capture of a held payment');
  expect(lastPrinted(host)).not.toContain('APPROVED');
  expect(lastPrinted(host)).toContain('<span lang="en">Capture</span>');
  await snap(page, 'receipts-captured-detail-en', { height: 1000 });
});

test('ar: bilingual receipts are on by default and turn off in Settings', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  await page.getByRole('button', { name: 'الإعدادات', exact: true }).click();
  const bilingual = page.getByRole('checkbox', { name: 'طباعة الإيصالات بالعربية والإنجليزية' });
  await expect(bilingual).toBeChecked();
  await bilingual.scrollIntoViewIfNeeded();
  await snap(page, 'settings-bilingual-receipts-ar');
  await bilingual.uncheck();
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(page.getByText('تم حفظ الإعدادات.')).toBeVisible();
  expect((await host.core.settings.view()).settings.bilingualReceipts).toBe(false);

  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  await merchantReference(page, words.ar.reference);
  await pay(page, { amount: '12.00', card: FRICTIONLESS }, arabicLabels);
  await expect(page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'طباعة الإيصال' }).click();
  await expect(page.getByText(words.ar.printed)).toBeVisible();
  expect(lastPrinted(host)).toContain('<html lang="ar" dir="rtl">');
  expect(lastPrinted(host)).not.toContain('<span lang="en">');
  expect(lastPrinted(host)).toMatch(/12\.00\sر\.س/);
});
