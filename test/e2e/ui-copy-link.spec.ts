import { expect, test } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, snap } from './ui-helpers';

// The page has exactly the permissions the Electron shell grants our renderer
// (main/electron/renderer-permissions.ts): writing to the clipboard, nothing else.
let host: Host;
test.afterEach(async () => {
  await host?.close();
});

const words = {
  en: { mode: 'Send payment link', amount: 'Amount', number: 'Phone number', send: 'Send link' },
  ar: { mode: 'إرسال رابط دفع', amount: 'المبلغ', number: 'رقم الهاتف', send: 'إرسال الرابط' },
} as const;
const labels = {
  en: { copy: 'Copy link', copied: 'Copied' },
  ar: { copy: 'نسخ الرابط', copied: 'تم النسخ' },
} as const;

for (const language of ['en', 'ar'] as const) {
  test(`${language}: Copy link says Copied once the link is on the clipboard`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    const w = words[language];
    await page.getByRole('button', { name: w.mode }).click();
    await page.getByLabel(w.amount, { exact: true }).fill('75.00');
    await page.getByLabel(w.number, { exact: true }).fill('050 123 4567');
    await page.getByRole('button', { name: w.send }).click();

    await page.getByRole('button', { name: labels[language].copy }).click();
    await expect(page.getByRole('button', { name: labels[language].copied })).toBeVisible();
    await snap(page, `link-copied-${language}`);
    // Only writing is granted: a page reading the clipboard is refused.
    expect(
      await page.evaluate(() =>
        navigator.clipboard.readText().then(
          () => 'read',
          () => 'refused',
        ),
      ),
    ).toBe('refused');
  });
}
