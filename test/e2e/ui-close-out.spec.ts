import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { operatorLabels, signInAt, switchOnWithSupervisor } from './operator-helpers';
import { launchUi, pay, sandboxOrderFor, snap } from './ui-helpers';

let host: Host;

const english = {
  history: 'History',
  search: 'Search',
  list: 'Payments and attempts',
  mark: 'Adopted from the gateway’s record',
  refund: 'Refund',
  dialog: 'Refund payment',
  confirm: 'Refund now',
  done: 'Refund done.',
  refunded: 'Refunded',
  shift: 'Shift',
  rtl: false,
};
const arabic: typeof english = {
  history: 'السجل',
  search: 'بحث',
  list: 'عمليات الدفع والمحاولات',
  mark: 'إدراج العملية من سجل البوابة',
  refund: 'استرداد',
  dialog: 'استرداد عملية الدفع',
  confirm: 'استرداد الآن',
  done: 'تم الاسترداد.',
  refunded: 'مستردة',
  shift: 'الوردية',
  rtl: true,
};

test.afterEach(async () => {
  await host?.close();
});

type CsvRow = Record<string, string>;
const readCsv = (path: string): CsvRow[] =>
  parse(readFileSync(path, 'utf8'), { bom: true, columns: true }) as CsvRow[];

/** Minor units of a decimal amount cell, without float drift. */
const minorOf = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);

/** The newest file of the preview's saved folder whose name starts with `prefix`. */
const savedFiles = (prefix: string) =>
  readdirSync(host.savedDir)
    .filter((name) => name.startsWith(prefix))
    .sort();

/** A sale here, and an order of SAR 50.00 paid at the gateway that this counter never heard of. */
async function saleAndOrderPaidElsewhere(page: Page, amount: string) {
  await pay(page, { amount, card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  host.sandbox.faults.plantOrder({
    amountMinor: 5_000,
    currency: 'SAR',
    merchantReferenceId: 'PAID-WHILE-DOWN',
  });
}

/**
 * Opens the adopted order in History, checks its mark, refunds it in full and sees it
 * refunded; back on the Shift screen afterwards.
 */
async function refundAdoptedInHistory(page: Page, words: typeof english, shots: string) {
  await page.getByRole('button', { name: words.history, exact: true }).click();
  await page.getByLabel(words.search, { exact: true }).fill('PAID-WHILE-DOWN');
  const rows = page.getByRole('list', { name: words.list }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('444000******0010');
  await rows.first().getByRole('button').first().click();
  const mark = page.getByTestId('adopted-mark');
  await expect(mark).toContainText(words.mark);
  // The adoption's time stays after "Adopted by …" in the line's own direction.
  const [wordsX, timeX] = await mark
    .locator('p')
    .nth(1)
    .evaluate((line) => {
      const range = document.createRange();
      const text = line.firstChild;
      if (!text) return [0, 0];
      range.setStart(text, 0);
      range.setEnd(text, 2);
      const time = line.querySelector('bdi')?.getBoundingClientRect();
      return [range.getBoundingClientRect().x, time?.x ?? 0];
    });
  expect(words.rtl ? wordsX > timeX : wordsX < timeX).toBe(true);
  await snap(page, shots);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, `${shots}-1920`);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('button', { name: words.refund, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words.dialog });
  await dialog.getByRole('button', { name: words.confirm }).click();
  await expect(page.getByText(words.done)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(words.refunded, { exact: true }).first()).toBeVisible();
  await snap(page, `${shots}-refunded`);
  // The gateway gave the money back: the refund went to the order adopted.
  expect(sandboxOrderFor(host, 'PAID-WHILE-DOWN').refundedAmount).toBe(50);
  await page.getByRole('button', { name: words.shift, exact: true }).click();
}

async function signInAs(page: Page, id: string, secret: string) {
  await page.keyboard.press('Control+L');
  await signInAt(page, operatorLabels.en, id, secret);
}

test('a supervisor closes the Z with a difference open; it carries into the next shift and is adopted there; the CSVs sum to the screen', async () => {
  host = await launchUi();
  const { page } = host;
  await switchOnWithSupervisor(page);
  await signInAs(page, 'sara', '333333');
  await expect(page.getByText('Sara Nasser · Supervisor')).toBeVisible();

  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await saleAndOrderPaidElsewhere(page, '125.50');

  // The X reconciles as the screen opens; the difference names reference, card and brand.
  await page.getByRole('button', { name: 'Shift', exact: true }).click();
  await expect(page.getByText('Supervisors and admins can close the shift.')).toBeVisible();
  const differences = page.getByRole('region', { name: 'Differences with the gateway' });
  const row = differences.getByRole('row').filter({ hasText: 'PAID-WHILE-DOWN' });
  await expect(row).toContainText('444000******0010');
  await expect(row).toContainText('Visa');
  await expect(row).toContainText('SAR 50.00');
  const report = page.locator('.shift-report');
  await expect(report).toContainText(/Reconciled with the gateway at .+: 2 orders, 1 differences/);
  await expect(report).not.toContainText('could not be reached');

  // A second save of the same report never replaces the first: a new name is offered.
  await page.getByRole('button', { name: 'Save as CSV' }).click();
  await expect(page.getByText(/^Saved as paydesk-x-shift1-\d+\.csv\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Save as CSV' }).click();
  await expect(page.getByText(/^Saved as paydesk-x-shift1-\d+ \(2\)\.csv\.$/)).toBeVisible();
  expect(savedFiles('paydesk-x-shift1-')).toHaveLength(2);

  // Closing warns that the difference stays open.
  await page.getByRole('button', { name: 'Close shift (Z report)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close shift (Z report)' });
  await expect(confirm).toContainText('Differences with the gateway still open: 1.');
  await snap(page, 'close-out-warning-en');
  await confirm.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(page.getByText('Shift closed with Z report no. 1.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(report).toContainText('Sara Nasser');

  // The first output of the Z is the original; the next is a marked copy.
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(page.getByText('Sent to the printer.')).toBeVisible();
  expect(host.printJobs.at(-1)?.html).not.toContain('COPY: reprint');
  expect(host.printJobs.at(-1)?.html).toContain('Sara Nasser');
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await expect.poll(() => host.printJobs.at(-1)?.html).toContain('COPY: reprint');

  // Both CSVs, read by a CSV library, sum to the Z on the screen.
  await page.getByRole('button', { name: 'Save as CSV' }).click();
  await expect(page.getByText('Saved as paydesk-z-0001.csv.')).toBeVisible();
  await page.getByRole('button', { name: 'Save payments as CSV' }).click();
  await expect(page.getByText('Saved as paydesk-z-0001-payments.csv.')).toBeVisible();
  const figures = readCsv(join(host.savedDir, 'paydesk-z-0001.csv'));
  const payments = readCsv(join(host.savedDir, 'paydesk-z-0001-payments.csv'));
  const figure = (name: string) =>
    figures.find((line) => line.currency === 'SAR' && line.figure === name);
  expect(figure('sales')).toMatchObject({ report: 'Z', count: '1', amount: '125.5' });
  await expect(report).toContainText('1 · SAR 125.50');
  const sales = payments.filter((line) => line.kind === 'sale');
  expect(sales.reduce((sum, line) => sum + minorOf(line.amount), 0)).toBe(12_550);
  expect(payments.reduce((sum, line) => sum + minorOf(line.net_effect), 0)).toBe(
    minorOf(figure('net_taken')?.amount),
  );
  expect(sales[0]).toMatchObject({ operator_id: 'sara', operator_name: 'Sara Nasser' });
  expect(sales[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  // The next shift's reconciliation still lists the difference; adopting asks first.
  await page.getByRole('button', { name: 'Reconcile with the gateway' }).click();
  await expect(row).toContainText('PAID-WHILE-DOWN');
  await row.getByRole('button', { name: 'Adopt the gateway’s record' }).click();
  const adopt = page.getByRole('dialog', { name: 'Adopt the gateway’s record?' });
  await expect(adopt).toContainText('PAID-WHILE-DOWN');
  await expect(adopt).toContainText('SAR 50.00');
  await snap(page, 'close-out-adopt-en');
  await adopt.getByRole('button', { name: 'Adopt the gateway’s record' }).click();
  await expect(page.getByText('Adopted into this shift.')).toBeVisible();
  await expect(row).toContainText('Adopted');
  // In every total of the second shift: net taken, the brand's line and the operator's.
  await expect(report).toContainText(/Net taken\s*SAR\s50\.00/);
  await expect(report).toContainText(/Visa \(SAR\)\s*1 · SAR\s50\.00/);
  await expect(report).toContainText(/Sara Nasser \(SAR\)\s*1 · SAR\s50\.00/);
  // In History as a payment marked as adopted, refunded there like any sale; the shift counts
  // the refund once, beside the adopted money counted once.
  await refundAdoptedInHistory(page, english, 'history-adopted-en');
  await expect(report).toContainText(/Net taken\s*SAR\s0\.00/);
  await expect(report).toContainText(/Visa \(SAR\)\s*1 · SAR\s50\.00; Refunds 1 · SAR\s50\.00/);
  await page.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(confirm).not.toContainText('still open');
  await confirm.getByRole('button', { name: 'Close shift (Z report)' }).click();
  await expect(page.getByText('Shift closed with Z report no. 2.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(report).toContainText(
    /Reconciled with the gateway at .+: \d+ orders, no differences/,
  );
});

test('the close-out at 1024×700 and 1920×1080, English and Arabic', async () => {
  host = await launchUi();
  const { page } = host;
  await saleAndOrderPaidElsewhere(page, '64.25');
  await page.getByRole('button', { name: 'Shift', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Differences with the gateway' })).toBeVisible();
  await snap(page, 'close-out-en');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'close-out-en-1920');

  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await page.getByRole('button', { name: 'الوردية', exact: true }).click();
  const differences = page.getByRole('region', { name: 'الفروقات مع بوابة الدفع' });
  await expect(differences).toContainText('PAID-WHILE-DOWN');
  await expect(
    differences.getByRole('button', { name: 'إدراج العملية من سجل البوابة' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The card mask and the amount keep their order beside the Arabic words.
  const mask = differences.getByText('444000******0010');
  const box = await mask.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(0);
  expect(await mask.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  await snap(page, 'close-out-ar');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'close-out-ar-1920');
  await page.getByRole('button', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' }).click();
  const confirm = page.getByRole('dialog', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' });
  await expect(confirm).toContainText('فروقات مع بوابة الدفع ما زالت مفتوحة');
  await snap(page, 'close-out-warning-ar');
  await confirm.getByRole('button', { name: 'إقفال الوردية / إقفال اليومية (تقرير Z)' }).click();
  await expect(page.getByRole('heading', { name: 'تقرير Z رقم 1' })).toBeVisible({
    timeout: 15_000,
  });

  // Adopted in the next shift, then found in History with its mark and refunded, in Arabic.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('button', { name: 'المطابقة مع بوابة الدفع' }).click();
  await differences.getByRole('button', { name: 'إدراج العملية من سجل البوابة' }).click();
  const adopt = page.getByRole('dialog', { name: 'إدراج العملية من سجل البوابة؟' });
  await adopt.getByRole('button', { name: 'إدراج العملية من سجل البوابة' }).click();
  await expect(page.getByText('أُدرجت العملية في هذه الوردية.')).toBeVisible();
  await refundAdoptedInHistory(page, arabic, 'history-adopted-ar');
});
