import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { completeChallenge, type Host } from '../host';
import { glyphsOf, readLeftToRight } from './glyph-order';
import { addOperator, operatorLabels, signInAt, switchOnAsAdmin } from './operator-helpers';
import {
  arabicLabels,
  englishLabels,
  fillSale,
  launchUi,
  merchantReference,
  snap,
} from './ui-helpers';

/**
 * A phone-order agent's returning customer: created on the Customers screen, their card saved
 * on a keyed sale with the consent read to them, then found by phone and paid with the saved
 * card, the customer reading out no card number; the card shown as brand, last 4 and expiry
 * only; removal and deletion asked first.
 */
let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const card = '4440000009900010';
const last4 = '0010';

const words = {
  en: {
    ...englishLabels,
    customers: 'Customers',
    sale: 'Sale',
    newCustomer: 'New customer',
    name: 'Name',
    phoneNumber: 'Phone number',
    saveCustomer: 'Save customer',
    find: 'Find the customer (optional)',
    findOnScreen: 'Find a customer',
    choose: (name: string) => `Choose ${name}`,
    open: (name: string) => `Open ${name}`,
    saveCard: 'Save card for this customer',
    agreed: 'The customer agreed',
    agreedRequired: 'Confirm that the customer agreed, or switch off saving the card.',
    approved: 'Approved',
    newSale: 'New sale',
    keyed: 'Card keyed now',
    chargeWithout: 'Charge without the customer',
    savedCards: 'Saved cards',
    brand: 'Visa',
    reference: 'Merchant reference',
    history: 'History',
    payments: 'Payments and attempts',
    details: 'Payment details',
    paidWith: 'Paid with',
    marks: { saved: 'Saved card', charged: 'Without the customer' },
    sources: {
      saved: 'Saved card, customer present',
      charged: 'Saved card, charged without the customer',
    },
  },
  ar: {
    ...arabicLabels,
    customers: 'العملاء',
    sale: 'بيع',
    newCustomer: 'عميل جديد',
    name: 'الاسم',
    phoneNumber: 'رقم الهاتف',
    saveCustomer: 'حفظ العميل',
    find: 'البحث عن العميل (اختياري)',
    findOnScreen: 'البحث عن عميل',
    choose: (name: string) => `اختيار ${name}`,
    open: (name: string) => `فتح ${name}`,
    saveCard: 'حفظ البطاقة لهذا العميل',
    agreed: 'وافق العميل',
    agreedRequired: 'يجب تأكيد موافقة العميل، أو إيقاف حفظ البطاقة.',
    approved: 'مقبولة',
    newSale: 'عملية بيع جديدة',
    keyed: 'بطاقة تُدخل الآن',
    chargeWithout: 'خصم المبلغ دون حضور العميل',
    savedCards: 'البطاقات المحفوظة',
    brand: 'فيزا',
    reference: 'مرجع التاجر',
    history: 'السجل',
    payments: 'عمليات الدفع والمحاولات',
    details: 'تفاصيل العملية',
    paidWith: 'طريقة الدفع',
    marks: { saved: 'بطاقة محفوظة', charged: 'دون حضور العميل' },
    sources: {
      saved: 'بطاقة محفوظة، بحضور العميل',
      charged: 'بطاقة محفوظة، خصم المبلغ دون حضور العميل',
    },
  },
};
type Words = (typeof words)['en'];

// The consent words name the merchant as the receipt header does.
const settings = {
  receiptHeader: { merchantName: 'Al Noor Pharmacy', address: '', vatNumber: '' },
};

/** Puts a part of the sale form at the top of the screen for its picture. */
const toTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'start' }));

const nav = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('button', { name, exact: true });

async function addCustomer(page: Page, w: Words, name: string, phone: string) {
  await nav(page, w.customers).click();
  await page.getByRole('button', { name: w.newCustomer }).click();
  const dialog = page.getByRole('dialog', { name: w.newCustomer });
  await dialog.getByLabel(w.name, { exact: true }).fill(name);
  await dialog.getByLabel(w.phoneNumber, { exact: true }).fill(phone);
  await dialog.getByRole('button', { name: w.saveCustomer }).click();
  await expect(dialog).toHaveCount(0);
}

async function chooseCustomer(page: Page, w: Words, typed: string, name: string) {
  await page.getByLabel(w.find, { exact: true }).fill(typed);
  await page.getByRole('button', { name: w.choose(name), exact: true }).click();
}

/** A keyed sale that saves the card: the consent is shown in both languages and confirmed. */
async function saveCardOnSale(
  page: Page,
  w: Words,
  name: string,
  shots: string | null,
): Promise<string> {
  await nav(page, w.sale).click();
  await fillSale(page, { amount: '120.00', card }, w);
  await chooseCustomer(page, w, '0501234567', name);
  await expect(page.getByLabel(w.saveCard)).not.toBeChecked();
  await page.getByLabel(w.saveCard).check();
  const consent = page.locator('.consent-panel');
  await expect(consent.locator('[lang="en"]')).toContainText('Do you agree that');
  await expect(consent.locator('[lang="en"]')).toContainText(/Al Noor Pharmacy\u2069? never keeps/);
  await expect(consent.locator('[lang="ar"]')).toContainText('هل توافق');
  // Pay waits for the agent's confirmation that the customer agreed.
  await page.getByRole('button', { name: w.pay, exact: true }).click();
  await expect(page.getByText(w.agreedRequired)).toBeVisible();
  await expect(page.getByLabel(w.agreed)).toBeFocused();
  await page.getByLabel(w.agreed).check();
  const reference = await merchantReference(page, w.reference);
  if (shots) {
    await toTop(page, '.save-card');
    await snap(page, shots, { height: 1000 });
  }
  await page.getByRole('button', { name: w.pay, exact: true }).click();
  await completeChallenge(await host.nextChallenge(), '123456');
  await expect(page.getByRole('heading', { name: w.approved, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  return reference;
}

/** A new sale charged to the customer's saved card under its agreement; its reference. */
async function chargeWithoutCustomer(page: Page, w: Words, name: string): Promise<string> {
  await page.getByRole('button', { name: w.newSale }).click();
  await page.getByLabel(w.amount, { exact: true }).fill('19.99');
  await chooseCustomer(page, w, '0501234567', name);
  const reference = await merchantReference(page, w.reference);
  await page.getByRole('button', { name: w.chargeWithout }).click();
  await expect(page.getByRole('heading', { name: w.approved, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  return reference;
}

/**
 * History marks the saved-card payments (present and charged without the customer) and not
 * the keyed one, compactly with the whole words for a screen reader; the detail says it in a
 * line of its own. Pictures at both sizes.
 */
async function checkHistory(
  page: Page,
  w: Words,
  references: { keyed: string; saved: string; charged: string },
  shots: string,
) {
  await nav(page, w.history).click();
  // Come from the scrolled sale form, History still starts at its top.
  await expect.poll(() => page.locator('main').evaluate((main) => main.scrollTop)).toBe(0);
  const rows = page.getByRole('list', { name: w.payments }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const row = (reference: string) => rows.filter({ hasText: reference });
  await expect(row(references.keyed).locator('.card-source-mark')).toHaveCount(0);
  await expect(row(references.saved).locator('.card-source-mark')).toHaveText(
    `${w.marks.saved}${w.paidWith}: ${w.sources.saved}`,
  );
  await expect(row(references.saved).getByRole('button')).toHaveAccessibleName(
    new RegExp(`${w.paidWith}: ${w.sources.saved}`),
  );
  await expect(row(references.charged).getByRole('button')).toHaveAccessibleName(
    new RegExp(`${w.paidWith}: ${w.sources.charged}`),
  );
  // The mark keeps the row one line of card text high: no taller than a row with an operator.
  const [keyedBox, chargedBox] = [
    await row(references.keyed).boundingBox(),
    await row(references.charged).boundingBox(),
  ];
  expect(chargedBox!.height).toBeLessThanOrEqual(keyedBox!.height + 20);
  await snap(page, `${shots}-${w === words.en ? 'en' : 'ar'}`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, `${shots}-wide-${w === words.en ? 'en' : 'ar'}`);
  await page.setViewportSize({ width: 1024, height: 700 });

  await row(references.charged).getByRole('button').click();
  await expect(page.getByRole('heading', { name: w.details })).toBeVisible();
  const fact = page.locator('.fact').filter({ hasText: w.paidWith });
  await expect(fact.locator('dd')).toHaveText(w.sources.charged);
  await snap(page, `history-detail-charged-${w === words.en ? 'en' : 'ar'}`);
}

test('an agent finds a customer by phone and pays with the saved card, no card number read out', async () => {
  host = await launchUi({ settings });
  const p = host.page;
  const w = words.en;
  await addCustomer(p, w, 'Layla Hassan', '050 123 4567');
  await expect(p.getByText('Layla Hassan saved.')).toBeVisible();
  const keyed = await saveCardOnSale(p, w, 'Layla Hassan', 'sale-save-card-consent-en');

  // The next order: found by phone, the saved card offered first, nothing of it typed.
  await p.getByRole('button', { name: w.newSale }).click();
  await p.getByLabel(w.amount, { exact: true }).fill('45.50');
  await chooseCustomer(p, w, '+966 50 123 4567', 'Layla Hassan');
  const saved = p.getByRole('radio', { name: new RegExp(`${w.brand} •••• ${last4}`) });
  await expect(saved).toBeChecked();
  await expect(p.getByLabel(w.cardNumber)).toHaveCount(0);
  await expect(p.getByLabel(w.saveCard)).toHaveCount(0);
  await expect(p.locator('.sale-customer-chosen')).toContainText('Layla Hassan');
  // The gateway asks for the CVV on saved-card payments (the sandbox's default): read from
  // the card, never the number.
  await p.getByLabel(w.cvv, { exact: true }).fill('123');
  await toTop(p, '.saved-card-choice');
  await snap(p, 'sale-saved-card-en', { height: 900 });
  const reference = await merchantReference(p, w.reference);
  await p.getByRole('button', { name: w.pay, exact: true }).click();
  // The customer's part is the bank's one-time code, as on any sale.
  await completeChallenge(await host.nextChallenge(), '123456');
  await expect(p.getByRole('heading', { name: w.approved, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(p.getByText(`444000******${last4}`)).toBeVisible();
  await expect(p.getByText('Saved card, customer present')).toBeVisible();
  await snap(p, 'sale-saved-card-approved-en');
  const order = host.sandbox.inspect.orders().find((o) => o.merchantReferenceId === reference);
  expect(order?.detailedStatus).toBe('Paid');
  expect(order?.captureCount).toBe(1);
  expect(order?.tokenId).toBeTruthy();
  expect(order?.initiatedBy).toBe('Internet');

  // Under the agreement she gave: charged without her, no verification, no CVV.
  const charged = await chargeWithoutCustomer(p, w, 'Layla Hassan');
  await expect(p.getByText('Saved card, charged without the customer')).toBeVisible();
  await snap(p, 'sale-charged-without-customer-en');
  const standing = host.sandbox.inspect.orders().find((o) => o.merchantReferenceId === charged);
  expect(standing?.initiatedBy).toBe('Merchant');
  expect(standing?.tokenId).toBe(order?.tokenId);

  // Keying a card instead stays one choice away.
  await p.getByRole('button', { name: w.newSale }).click();
  await chooseCustomer(p, w, 'Layla', 'Layla Hassan');
  await p.getByLabel(w.keyed).check();
  await expect(p.getByLabel(w.cardNumber)).toBeVisible();
  await expect(p.getByLabel(w.saveCard)).not.toBeChecked();

  await checkHistory(p, w, { keyed, saved: reference, charged }, 'history-saved-cards');

  // The Customers screen finds her by the card's last 4 and shows brand, last 4 and expiry.
  await nav(p, w.customers).click();
  await p.getByLabel(w.findOnScreen).fill(last4);
  await p.getByRole('button', { name: w.open('Layla Hassan') }).click();
  const cards = p.getByRole('table', { name: 'Saved cards of Layla Hassan' });
  await expect(cards).toContainText(`${w.brand} •••• ${last4}`);
  await expect(cards).toContainText('01/39');
  await expect(cards).toContainText('Can be used');
  await expect(cards).toContainText('Unscheduled');
  await expect(p.locator('main')).not.toContainText('444000');
  await snap(p, 'customers-en');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await snap(p, 'customers-wide-en');
  await p.setViewportSize({ width: 1024, height: 700 });

  // Removing a card and deleting the customer both ask first; deletion says how many cards go.
  await p.getByRole('button', { name: `Remove the card ending ${last4}` }).click();
  let dialog = p.getByRole('dialog', { name: 'Remove this saved card?' });
  await expect(dialog).toContainText(`${w.brand} •••• ${last4} · 01/39`);
  await snap(p, 'customers-remove-card-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await p.getByRole('button', { name: 'Delete customer' }).click();
  dialog = p.getByRole('dialog', { name: 'Delete Layla Hassan?' });
  await expect(dialog).toContainText('Saved cards deleted with them: 1');
  await dialog.getByLabel('Why (optional, for the audit trail)').fill('Asked by phone');
  await snap(p, 'customers-delete-en');
  await dialog.getByRole('button', { name: 'Delete customer' }).click();
  await expect(p.getByText('Layla Hassan deleted. Saved cards deleted: 1.')).toBeVisible();

  const log = readFileSync(host.logPath, 'utf8');
  expect(log).not.toContain(card);
});

test('Arabic: consent in both languages, the saved card and the phone isolated', async () => {
  host = await launchUi({ language: 'ar', settings });
  const p = host.page;
  const w = words.ar;
  await addCustomer(p, w, 'ليلى حسن', '0501234567');
  const keyed = await saveCardOnSale(p, w, 'ليلى حسن', 'sale-save-card-consent-ar');

  await p.getByRole('button', { name: w.newSale }).click();
  await p.getByLabel(w.amount, { exact: true }).fill('45.50');
  await chooseCustomer(p, w, '0501234567', 'ليلى حسن');
  const saved = p.getByRole('radio', { name: new RegExp(`•••• ${last4}`) });
  await expect(saved).toBeChecked();
  await p.getByLabel(w.cvv, { exact: true }).fill('123');
  // Read as a person sees it: `+966` before the number, `•••• 0010` and `01/39` unscrambled.
  const phone = p.locator('.sale-customer-chosen .value-phone');
  expect(readLeftToRight(await glyphsOf(phone), /[\d+]/)).toBe('+966501234567');
  // The line itself runs right to left (expiry left of the card); each value stays whole.
  const choice = p.locator('.saved-card-choice .choice').first();
  const mask = choice.locator('.value-card-end');
  expect(readLeftToRight(await glyphsOf(mask), /[\d•]/)).toBe(`••••${last4}`);
  expect(readLeftToRight(await glyphsOf(choice.locator('.value-expiry')), /[\d/]/)).toBe('01/39');
  const [maskBox, expiryBox] = [
    await mask.boundingBox(),
    await choice.locator('.value-expiry').boundingBox(),
  ];
  expect(expiryBox!.x).toBeLessThan(maskBox!.x);
  await toTop(p, '.saved-card-choice');
  await snap(p, 'sale-saved-card-ar', { height: 900 });
  await p.setViewportSize({ width: 1920, height: 1080 });
  await toTop(p, '.sale-layout');
  await snap(p, 'sale-saved-card-wide-ar');
  await p.setViewportSize({ width: 1024, height: 700 });
  const present = await merchantReference(p, w.reference);
  await p.getByRole('button', { name: w.pay, exact: true }).click();
  await completeChallenge(await host.nextChallenge(), '123456');
  await expect(p.getByRole('heading', { name: w.approved, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(p.getByText(w.sources.saved)).toBeVisible();

  const charged = await chargeWithoutCustomer(p, w, 'ليلى حسن');
  await checkHistory(p, w, { keyed, saved: present, charged }, 'history-saved-cards');

  await nav(p, w.customers).click();
  await p.getByLabel(w.findOnScreen).fill('0501234567');
  await p.getByRole('button', { name: w.open('ليلى حسن') }).click();
  await expect(p.locator('.customer-detail')).toContainText(`•••• ${last4}`);
  await snap(p, 'customers-ar');
  await p.setViewportSize({ width: 1920, height: 1080 });
  await snap(p, 'customers-wide-ar');
  await p.setViewportSize({ width: 1024, height: 700 });

  // The same questions as in English, asked in Arabic; the card's values read whole.
  await p.getByRole('button', { name: `إزالة البطاقة المنتهية بـ ${last4}` }).click();
  let dialog = p.getByRole('dialog', { name: 'إزالة هذه البطاقة المحفوظة؟' });
  await expect(dialog).toContainText(`•••• ${last4}`);
  await expect(dialog).toContainText('01/39');
  await snap(p, 'customers-remove-card-ar');
  await dialog.getByRole('button', { name: 'إلغاء', exact: true }).click();
  await p.getByRole('button', { name: 'حذف العميل' }).click();
  // The name is isolated from the words around it (FSI…PDI).
  dialog = p.getByRole('dialog', { name: 'حذف \u2068ليلى حسن\u2069؟' });
  await expect(dialog).toContainText(/عدد البطاقات المحفوظة التي تُحذف معه: \u2068?1/);
  await dialog.getByLabel('السبب (اختياري، لسجل التدقيق)').fill('بطلب من العميل عبر الهاتف');
  await snap(p, 'customers-delete-ar');
  await dialog.getByRole('button', { name: 'حذف العميل' }).click();
  await expect(
    p.getByText(/^تم حذف \u2068?ليلى حسن\u2069?\. عدد البطاقات المحفوظة المحذوفة: \u2068?1/),
  ).toBeVisible();
});

test('a cashier pays with a saved card but is offered no charge without the customer, no removal', async () => {
  host = await launchUi({ settings });
  const p = host.page;
  const w = words.en;
  await switchOnAsAdmin(p);
  await addOperator(p, operatorLabels.en, 'Add operator', [
    'Omar Ali',
    'omar',
    'cashier',
    '222222',
  ]);
  await addCustomer(p, w, 'Layla Hassan', '0501234567');
  await saveCardOnSale(p, w, 'Layla Hassan', null);
  await p.keyboard.press('Control+L');
  await signInAt(p, operatorLabels.en, 'omar', '222222');
  await expect(p.getByText('Omar Ali · Cashier')).toBeVisible();

  await p.getByLabel(w.amount, { exact: true }).fill('30.00');
  await chooseCustomer(p, w, '0501234567', 'Layla Hassan');
  await expect(p.getByRole('radio', { name: new RegExp(`•••• ${last4}`) })).toBeChecked();
  await expect(p.getByLabel(w.cvv, { exact: true })).toBeVisible();
  await expect(p.getByRole('button', { name: w.chargeWithout })).toHaveCount(0);

  await nav(p, w.customers).click();
  await p.getByLabel(w.findOnScreen).fill('Layla');
  await p.getByRole('button', { name: w.open('Layla Hassan') }).click();
  await expect(p.getByRole('table', { name: 'Saved cards of Layla Hassan' })).toContainText(
    `•••• ${last4}`,
  );
  await expect(p.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Delete customer' })).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
});
