import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { launchUi, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const words = {
  en: {
    mode: 'Send payment link',
    amount: 'Amount',
    country: 'Country code',
    number: 'Phone number',
    send: 'Send link',
    waiting: 'Waiting for the customer',
    required: 'a phone or an email is required',
    impossible: 'No phone has this number in that country.',
  },
  ar: {
    mode: 'إرسال رابط دفع',
    amount: 'المبلغ',
    country: 'رمز الدولة',
    number: 'رقم الهاتف',
    send: 'إرسال الرابط',
    waiting: 'بانتظار العميل',
    required: 'يلزم رقم هاتف أو بريد إلكتروني',
    impossible: 'لا يوجد هاتف بهذا الرقم في تلك الدولة.',
  },
} as const;
type Language = keyof typeof words;

/** The SMS and emails the Training gateway sent, read over its admin surface as a tester would. */
async function outbox(sandbox: Host['sandbox']): Promise<{ channel: string; recipient: string }[]> {
  const answer = await fetch(`${sandbox.url}/__sandbox/outbox`, {
    headers: { Authorization: `Bearer ${sandbox.adminToken}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: { channel: string; recipient: string }[] }).messages;
}

/** The digits and + of an element as Chromium laid them out, read from left to right. */
const digitsLeftToRight = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const glyphs: { char: string; x: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0 && /[\d+]/.test(text[i]!)) glyphs.push({ char: text[i]!, x: box.left });
      }
    }
    return glyphs
      .sort((a, b) => a.x - b.x)
      .map((glyph) => glyph.char)
      .join('');
  });

async function openLinkForm(page: Page, language: Language) {
  const w = words[language];
  await page.getByRole('button', { name: w.mode }).click();
  await page.getByLabel(w.amount, { exact: true }).fill('250.00');
  // The store's country (Saudi Arabia by default) is the country code's value, not a hint.
  await expect(page.getByLabel(w.country, { exact: true })).toHaveValue('+966');
  await expect(page.getByLabel(w.country, { exact: true })).not.toHaveAttribute('placeholder');
  await expect(page.locator('.fieldset-phone legend')).toContainText(w.required);
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`${language}: a Saudi mobile typed 0501234567 is refused when impossible and sent as +966501234567`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    await openLinkForm(page, language);

    // A number no Saudi phone has: a clear error on the number, nothing sent.
    const number = page.getByLabel(w.number, { exact: true });
    await number.fill('0401234567');
    await page.getByRole('button', { name: w.send }).click();
    await expect(page.getByText(w.impossible)).toBeVisible();
    await expect(number).toBeFocused();
    expect(await outbox(host.sandbox)).toEqual([]);

    await number.fill('0501234567');
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      await snap(page, `link-form-phone-${size.width}-${language}`);
    }
    // In Arabic the typed number and the country code still read left to right.
    const directions = await page
      .locator('.fieldset-phone input')
      .evaluateAll((inputs) => inputs.map((input) => getComputedStyle(input).direction));
    expect(directions).toEqual(['ltr', 'ltr']);
    await page.setViewportSize({ width: 1024, height: 700 });

    await page.getByRole('button', { name: w.send }).click();
    await expect(page.getByRole('heading', { name: w.waiting })).toBeVisible();
    const sent = await outbox(host.sandbox);
    expect(sent).toMatchObject([{ channel: 'Sms', recipient: '+966501234567' }]);

    // Shown as people write it, left to right even inside Arabic: "+966", never "966+".
    const recipient = page.locator('.link-panel dd').filter({ hasText: '+966 50 123 4567' });
    await expect(recipient).toHaveCount(1);
    expect(await digitsLeftToRight(page, '.link-panel dd:has-text("+966 50 123 4567")')).toBe(
      '+966501234567',
    );
    await snap(page, `link-sent-phone-${language}`);
  });
}

test('another store country: the forms start with its code and read its national numbers', async () => {
  host = await launchUi({ settings: { merchantCountry: 'AE' } });
  const { page } = host;
  await page.getByRole('button', { name: words.en.mode }).click();
  await page.getByLabel('Amount', { exact: true }).fill('80.00');
  await expect(page.getByLabel('Country code', { exact: true })).toHaveValue('+971');
  await page.getByLabel('Phone number', { exact: true }).fill('050 123 4567');
  await page.getByRole('button', { name: words.en.send }).click();
  await expect(page.getByRole('heading', { name: words.en.waiting })).toBeVisible();
  expect(await outbox(host.sandbox)).toMatchObject([{ recipient: '+971501234567' }]);

  // Settings names the store country in the UI's language; Saudi Arabia is one choice.
  await page.getByRole('button', { name: 'Settings' }).click();
  const country = page.getByLabel('Store country');
  await expect(country).toHaveValue('AE');
  await country.selectOption('SA');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect(host.core.settings.current().merchantCountry).toBe('SA');
});
