import { expect, test, type Page } from '@playwright/test';
import type { Host } from '../host';
import { glyphsOf, readLeftToRight } from './glyph-order';
import { launchUi, snap } from './ui-helpers';

let host: Host;
let phone: Page | null = null;

test.afterEach(async () => {
  await phone?.context().close();
  phone = null;
  await host?.close();
});

const words = {
  en: {
    mode: 'Send payment link',
    amount: 'Amount',
    country: 'Country code',
    number: 'Phone number',
    description: 'Description',
    send: 'Send link',
    waiting: 'Waiting for the customer',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVV)',
    name: 'Name on card',
    pay: 'Pay',
    paid: 'Paid',
    approvedOnPhone: 'Payment approved',
    required: 'a phone or an email is required',
    impossible: 'No phone has this number in that country.',
  },
  ar: {
    mode: 'إرسال رابط دفع',
    amount: 'المبلغ',
    country: 'رمز الدولة',
    number: 'رقم الهاتف',
    description: 'الوصف',
    send: 'إرسال الرابط',
    waiting: 'بانتظار العميل',
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvc: 'رمز CVV',
    name: 'اسم حامل البطاقة',
    pay: 'دفع',
    paid: 'مقبولة',
    approvedOnPhone: 'مقبولة',
    required: 'يلزم رقم هاتف أو بريد إلكتروني',
    impossible: 'لا يوجد هاتف بهذا الرقم في تلك الدولة.',
  },
} as const;
type Words = (typeof words)[keyof typeof words];

/** The agent sends a link for `amount` by SMS to a Saudi mobile. */
async function sendLink(page: Page, w: Words, amount: string, authorizeOnly = false) {
  await page.getByRole('button', { name: w.mode }).click();
  await page.getByLabel(w.amount, { exact: true }).fill(amount);
  // The country code is the store's (Saudi Arabia); the mobile is typed the usual way.
  await expect(page.getByLabel(w.country, { exact: true })).toHaveValue('+966');
  await page.getByLabel(w.number, { exact: true }).fill('050 123 4567');
  await page.getByLabel(w.description, { exact: true }).fill('Phone order 42');
  if (authorizeOnly) await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: w.send }).click();
  await expect(page.getByRole('heading', { name: w.waiting })).toBeVisible();
}

/** The customer's phone opens the link from the SMS the sandbox "sent". */
async function openFromSms(lang: 'en' | 'ar' = 'en'): Promise<Page> {
  const sms = host.sandbox.outbox().at(-1);
  expect(sms?.channel).toBe('Sms');
  expect(sms?.recipient).toBe('+966501234567');
  const url = /(http:\/\/\S+)/.exec(sms?.text ?? '')?.[1] ?? '';
  const context = await host.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  phone = await context.newPage();
  await phone.goto(lang === 'ar' ? `${url}?lang=ar` : url);
  return phone;
}

async function payOnPhone(page: Page, w: Words, card: string, code: string | null) {
  await page.getByLabel(w.cardNumber).fill(card);
  await page.getByLabel(w.expiry).fill('01/39');
  await page.getByLabel(w.cvc).fill('123');
  await page.getByLabel(w.name).fill('Sara Ali');
  await page.getByRole('button', { name: new RegExp(`^${w.pay}`) }).click();
  if (code !== null) {
    await page.getByLabel('One-time code').fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
  }
}

test('a link sent by SMS is paid on the customer’s phone and shows Paid here without a click', async () => {
  host = await launchUi();
  const { page } = host;
  const w = words.en;
  await sendLink(page, w, '250.00');
  await snap(page, 'link-waiting-en');

  const customer = await openFromSms();
  for (const token of ['cc-number', 'cc-exp', 'cc-csc', 'cc-name'])
    await expect(customer.locator(`input[autocomplete="${token}"]`)).toBeVisible();
  await expect(customer.getByText('SAR 250.00').first()).toBeVisible();
  await snap(customer, 'link-checkout-phone-en');
  await payOnPhone(customer, w, '5123450000000008', '123456');
  await expect(customer.getByRole('heading', { name: w.approvedOnPhone })).toBeVisible();
  // The customer's last screen says how much was paid and to whom.
  await expect(customer.locator('.amount')).toHaveText('SAR 250.00');
  await expect(customer.getByText('Merchant: Paydesk Sandbox Merchant')).toBeVisible();
  await snap(customer, 'link-approved-phone-en');

  // The agent's screen follows the link by itself.
  await expect(page.getByRole('heading', { name: w.paid, exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('512345******0008')).toBeVisible();
  await expect(page.getByText('Authorisation code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await snap(page, 'link-paid-en', { height: 960 });
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('The receipt was sent to the printer.')).toBeVisible();
  expect(host.printJobs).toHaveLength(1);

  // History lists the link with its own status and filter.
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Payment links' }).click();
  await page.getByLabel('Status').selectOption('paid');
  await expect(page.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(1);
  await page.getByLabel('Status').selectOption('pending');
  await expect(page.getByText('No payment links yet.')).toBeVisible();
});

test('an authorize-only link is seen held', async () => {
  host = await launchUi();
  const { page } = host;
  await sendLink(page, words.en, '80.00', true);
  const customer = await openFromSms();
  await expect(customer.getByText('held on your card')).toBeVisible();
  await payOnPhone(customer, words.en, '4440000042200014', null);
  await expect(customer.getByRole('heading', { name: 'Amount held' })).toBeVisible();
  await expect(customer.locator('.amount')).toHaveText('SAR 80.00');
  await expect(page.getByRole('heading', { name: 'Held', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('444000******0014')).toBeVisible();
  await expect(page.getByText('The money is held on the customer’s card')).toBeVisible();
  await snap(page, 'link-held-en', { height: 960 });

  // The hold's receipt says nothing was charged yet.
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByText('The receipt was sent to the printer.')).toBeVisible();
  expect(host.printJobs.at(-1)?.html).toContain('AUTHORIZED — NOT YET CHARGED');

  // Captured from the agent's screen, through the same confirmation as a card hold.
  await page.getByRole('button', { name: 'Capture', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Capture the held amount' });
  await expect(dialog.getByText('Charge SAR 80.00 to the customer’s card.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Capture now' }).click();
  await expect(page.getByRole('heading', { name: 'Captured', exact: true })).toBeVisible();
  await expect(page.getByText('Captured: the held amount is charged.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Capture', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Capture receipt' })).toBeVisible();
  await snap(page, 'link-captured-en', { height: 960 });
  const [order, ...others] = host.sandbox.inspect.orders();
  expect(others).toEqual([]);
  expect(order).toMatchObject({ detailedStatus: 'Captured', captureCount: 1 });
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect.poll(() => host.printJobs.at(-1)?.html ?? '').toContain('CHARGED');

  // History's payment links show it captured.
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Payment links' }).click();
  await page.getByLabel('Status').selectOption('captured');
  await expect(page.getByRole('row').filter({ hasText: 'Captured' })).toHaveCount(1);
});

test('Arabic: a held link opened from History is released, right to left', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  await sendLink(page, words.ar, '80.00', true);
  const customer = await openFromSms('ar');
  await payOnPhone(customer, words.ar, '4440000042200014', null);
  await expect(page.getByRole('heading', { name: 'محجوزة', exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'رابط جديد' }).click();

  // From History's payment links, as an agent would later in the day.
  await page.getByRole('button', { name: 'السجل' }).click();
  await page.getByRole('button', { name: 'روابط الدفع' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: 'محجوزة' })
    .getByRole('button', { name: 'فتح' })
    .click();
  await expect(page.getByRole('heading', { name: 'محجوزة', exact: true })).toBeVisible();
  await snap(page, 'link-held-ar', { height: 960 });
  await page.getByRole('button', { name: 'إبطال الحجز', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'إبطال الحجز' });
  await dialog.getByRole('button', { name: 'أبطل الآن' }).click();
  await expect(page.getByRole('heading', { name: 'حجز مُبطَل', exact: true })).toBeVisible();
  await expect(page.getByText('أُبطل الحجز: أُعيد المبلغ ولم يُخصم أي مبلغ.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'إيصال إبطال الحجز' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(page, 'link-released-ar', { height: 960 });
  expect(host.sandbox.inspect.orders()).toMatchObject([
    { detailedStatus: 'Voided', captureCount: 0 },
  ]);
});

test('an expired link ends here and its page refuses', async () => {
  host = await launchUi();
  const { page } = host;
  await page.getByRole('button', { name: words.en.mode }).click();
  await page.getByLabel('Link expires after').selectOption('1');
  await sendLink(page, words.en, '15.00');
  host.clock.advance(61 * 60_000);
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible({
    timeout: 10_000,
  });
  const customer = await openFromSms();
  await expect(customer.getByRole('heading', { name: 'Link no longer valid' })).toBeVisible();
  await expect(customer.getByText('has expired')).toBeVisible();
});

test('a cancelled link is deleted and its page then refuses', async () => {
  host = await launchUi();
  const { page } = host;
  await sendLink(page, words.en, '42.00');
  await page.getByRole('button', { name: 'Cancel link' }).click();
  await expect(page.getByRole('heading', { name: 'Link cancelled' })).toBeVisible();
  const customer = await openFromSms();
  await expect(customer.getByText('The merchant cancelled this payment link.')).toBeVisible();
  await expect(customer.getByLabel(words.en.cardNumber)).toHaveCount(0);
});

test('Arabic: the link form, the phone’s page and Paid, right to left', async () => {
  host = await launchUi({ language: 'ar' });
  const { page } = host;
  const w = words.ar;
  await sendLink(page, w, '250.00');
  await snap(page, 'link-waiting-ar');
  const customer = await openFromSms('ar');
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(customer, 'link-checkout-phone-ar');
  await payOnPhone(customer, w, '5123450000000008', '123456');
  await expect(customer.getByRole('heading', { name: w.approvedOnPhone })).toBeVisible();
  await expect(customer.locator('.amount')).toHaveText('SAR 250.00');
  await expect(customer.getByText('التاجر: Paydesk Sandbox Merchant')).toBeVisible();
  await snap(customer, 'link-approved-phone-ar');
  await expect(page.getByRole('heading', { name: w.paid, exact: true })).toBeVisible({
    timeout: 10_000,
  });
  // Card mask and phone read left to right inside the Arabic page: first character leftmost.
  const leftToRight = await page.evaluate(() =>
    [...document.querySelectorAll('.link-panel dd span[dir="ltr"]')].map((span) => {
      const text = span.firstChild;
      if (!text || !text.textContent) return null;
      const at = (index: number) => {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        return range.getBoundingClientRect().left;
      };
      return { text: text.textContent, ltr: at(0) < at(text.textContent.length - 1) };
    }),
  );
  expect(leftToRight.map((item) => item?.text)).toContain('512345******0008');
  for (const item of leftToRight) expect(item, JSON.stringify(item)).toMatchObject({ ltr: true });
  await snap(page, 'link-paid-ar', { height: 960 });
});

/** The SMS and emails the Training gateway sent, read over its admin surface as a tester would. */
async function outbox(sandbox: Host['sandbox']): Promise<{ channel: string; recipient: string }[]> {
  const answer = await fetch(`${sandbox.url}/__sandbox/outbox`, {
    headers: { Authorization: `Bearer ${sandbox.adminToken}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: { channel: string; recipient: string }[] }).messages;
}

/** The digits and + of an element, as a reader sees them from left to right. */
const digitsLeftToRight = async (page: Page, selector: string) =>
  readLeftToRight(await glyphsOf(page.locator(selector)), /[\d+]/);

async function openLinkForm(page: Page, language: keyof typeof words) {
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
