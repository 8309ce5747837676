import { expect, test } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, pay } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

test('printing settings: the receipt printer, no dialog, copies and paper apply to the sale’s print', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const printer = page.getByLabel('Receipt printer');
  await expect(printer.locator('option')).toHaveText([
    'System default printer',
    'Paydesk test printer',
  ]);
  await printer.selectOption('Paydesk test printer');
  await page.getByLabel('Paper').selectOption({ label: '58 mm thermal roll' });
  await page.getByLabel('Customer copies').selectOption('2');
  await page.getByLabel('Merchant copies').selectOption('1');
  await page.getByLabel('Print straight to the printer, without the print dialog').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await host.core.settings.view()).settings.printing).toEqual({
    printerName: 'Paydesk test printer',
    silent: true,
    customerCopies: 2,
    merchantCopies: 1,
    paper: '58mm',
  });

  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await pay(page, { amount: '12.00', card: '5123456789012346' });
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('The receipt was sent to the printer.')).toBeVisible();
  expect(host.printJobs.map(({ path: _path, html: _html, ...job }) => job)).toEqual([
    { silent: true, deviceName: 'Paydesk test printer', copies: 2, paper: '58mm' },
    { silent: true, deviceName: 'Paydesk test printer', copies: 1, paper: '58mm' },
  ]);
});

test('printing settings in Arabic, and a saved printer that is no longer connected', async () => {
  host = await launchUi({
    language: 'ar',
    settings: {
      printing: {
        printerName: 'Old counter printer',
        silent: false,
        customerCopies: 1,
        merchantCopies: 0,
        paper: 'a4',
      },
    },
  });
  const { page } = host;
  await page.getByRole('button', { name: 'الإعدادات', exact: true }).click();
  await expect(page.getByRole('group', { name: 'طباعة الإيصال' })).toBeVisible();
  const printer = page.getByLabel('طابعة الإيصالات');
  await expect(printer.locator('option:checked')).toHaveText('Old counter printer (غير متصلة)');
  await expect(page.getByLabel('الورق').locator('option:checked')).toHaveText('ورقة A4');
  await expect(page.getByLabel('عدد نسخ التاجر')).toHaveValue('0');
});
