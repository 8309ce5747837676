import { expect, test } from '@playwright/test';
import { completeChallenge, issuerFrame, type Host } from '../host';
import { arabicLabels, fillSale, launchUi, merchantReference, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('Arabic: right-to-left layout, Arabic labels and every screen', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  const html = page.locator('html');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.getByText('وضع التدريب', { exact: false })).toBeVisible();
  for (const label of [...Object.values(arabicLabels).slice(0, 5), 'العملة']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }

  // Right to left: the amount (first in reading order) sits to the right of the currency.
  const amountBox = await page.getByLabel('المبلغ', { exact: true }).boundingBox();
  const currencyBox = await page.getByLabel('العملة', { exact: true }).boundingBox();
  expect(amountBox!.x).toBeGreaterThan(currencyBox!.x);

  const reference = await merchantReference(page, 'مرجع التاجر');
  await fillSale(page, { amount: '1250.50', card: '5888450000000003' }, arabicLabels);
  await expect(page.getByText('مدى', { exact: true })).toBeVisible();
  // Card numbers stay left to right inside the right-to-left page.
  await expect(page.getByLabel('رقم البطاقة')).toHaveValue('5888 4500 0000 0003');
  await snap(page, 'sale-filled-ar');

  await page.getByRole('button', { name: 'دفع', exact: true }).click();
  const challenge = await host.nextChallenge();
  await expect(page.getByText('تحقق العميل قيد التنفيذ')).toBeVisible();
  await snap(page, 'progress-verification-ar');
  await issuerFrame(challenge);
  await snap(challenge, 'challenge-code-ar');
  await completeChallenge(challenge, '123456');
  await expect(page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  // Intl's Arabic digits and grouping, with the riyal as a Saudi reader knows it: «ر.س».
  const amount = new Intl.NumberFormat('ar', {
    style: 'currency',
    currency: 'SAR',
    currencyDisplay: 'code',
  })
    .format(1250.5)
    .replace('SAR', 'ر.س');
  await expect(page.locator('.amount-display')).toHaveText(amount);
  await snap(page, 'approved-result-ar');

  await page.getByRole('button', { name: 'عملية بيع جديدة' }).click();
  await fillSale(page, { amount: '310.00', card: '4000000000009995' }, arabicLabels);
  await page.getByRole('button', { name: 'دفع', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'غير مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('رفض البنك البطاقة.')).toBeVisible();
  await expect(page.getByText('ماذا تفعل الآن')).toBeVisible();
  await snap(page, 'declined-result-ar');

  await page.getByRole('button', { name: 'السجل', exact: true }).click();
  const rows = page.getByRole('list', { name: 'عمليات الدفع والمحاولات' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: reference })).toContainText('مقبولة');
  await expect(rows.filter({ hasNotText: reference })).toContainText('مرفوضة');
  await snap(page, 'history-list-ar');
  await rows.filter({ hasText: reference }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'تفاصيل العملية' })).toBeVisible();
  await snap(page, 'history-detail-ar');

  await page.getByRole('button', { name: 'الإعدادات', exact: true }).click();
  await expect(page.getByLabel('اللغة', { exact: true })).toHaveValue('ar');
  await snap(page, 'settings-form-ar');
});

test('switching the language in Settings changes the whole UI at once, without a restart', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByLabel('Amount', { exact: true }).fill('12.00');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الإعدادات', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'بيع', exact: true }).click();
  // The sale typed before the switch is still there.
  await expect(page.getByLabel('المبلغ', { exact: true })).toHaveValue('12.00');
  await page.getByRole('button', { name: 'الإعدادات', exact: true }).click();
  await page.getByLabel('اللغة', { exact: true }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await host.core.settings.view()).settings.language).toBe('en');
});
