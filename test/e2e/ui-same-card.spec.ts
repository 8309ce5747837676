import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Host } from '../host';
import { operatorLabels, signInAt, switchOnWithArabicCashier } from './operator-helpers';
import { arabicLabels, englishLabels, launchUi, merchantReference, pay, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const card = '5123456789012346';
const masked = '512345******2346';

/** The answer of Pay stays unknown while the test looks: Get order fails until the end. */
const quietBackground = {
  tuning: { inDoubtRetryDelaysMs: [0, 50], backgroundRetryDelaysMs: [60_000] },
};

const ordersFor = (reference: string) =>
  host.sandbox.inspect.orders().filter((order) => order.merchantReferenceId === reference);
const auditEvents = (event: string) =>
  host.core.security.audit
    .search({ beforeSeq: null, limit: 500 })
    .filter((row) => row.event === event);

/** A sale of 275.00 whose Pay answer is lost, then New sale: the form, with one in doubt. */
async function oneInDoubt(page: Page, labels: typeof englishLabels, checking: string) {
  const reference = await merchantReference(
    page,
    labels === englishLabels ? undefined : 'مرجع التاجر',
  );
  host.sandbox.faults.losePayAnswer(1);
  host.sandbox.faults.failNext('order', 1_000, 503);
  await pay(page, { amount: '275.00', card }, labels);
  await expect(page.getByRole('heading', { name: checking, exact: true })).toBeVisible({
    timeout: 15_000,
  });
  return reference;
}

/** The fact of the stop panel with this label. */
const fact = (panel: Locator, label: string) =>
  panel.locator('.fact').filter({ has: panel.page().getByText(label, { exact: true }) });

/** Left edges of the first and last character of `element`'s text, as Chromium draws them. */
const firstAndLastX = (element: Locator) =>
  element.evaluate((node) => {
    const text = [...node.childNodes].find((child) => child.nodeType === Node.TEXT_NODE)!;
    const edge = (at: number) => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return range.getBoundingClientRect().left;
    };
    return [edge(0), edge((text.textContent ?? '').length - 1)] as const;
  });

/**
 * The indicator lies wholly inside the scrolling screen's visible part, however the form is
 * scrolled; with the form's top in view, beside the title, never over its words or a field.
 */
async function expectIndicatorInView(page: Page, { atTop = true } = {}) {
  const indicator = page.locator('.unsettled-indicator');
  await expect(indicator).toBeVisible();
  const box = (await indicator.boundingBox())!;
  const screen = (await page.locator('.screen').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(screen.x);
  expect(box.x + box.width).toBeLessThanOrEqual(screen.x + screen.width);
  expect(box.y).toBeGreaterThanOrEqual(screen.y);
  expect(box.y + box.height).toBeLessThanOrEqual(screen.y + screen.height);
  const overlaps = (other: { x: number; y: number; width: number; height: number }) =>
    box.x < other.x + other.width &&
    other.x < box.x + box.width &&
    box.y < other.y + other.height &&
    other.y < box.y + box.height;
  const titleText = await page.locator('.sale-form .screen-title').evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  if (!atTop) return;
  expect(overlaps(titleText)).toBe(false);
  expect(overlaps((await page.getByLabel(/^(Amount|المبلغ)$/).boundingBox())!)).toBe(false);
}

/** Scrolls the screen to its top, as a cashier starting a sale sees it. */
const scrollToTop = (page: Page) =>
  page.locator('.screen').evaluate((node) => node.scrollTo({ top: 0 }));

test('English, operators off: the same card and amount stop before anything is sent; Do not charge, then Charge again', async () => {
  host = await launchUi({ engine: quietBackground });
  const { page } = host;
  const first = await oneInDoubt(page, englishLabels, 'Checking with the bank');

  await page.getByRole('button', { name: 'New sale' }).click();
  const indicator = page.getByRole('status').filter({ hasText: 'Awaiting bank confirmation' });
  await expect(indicator).toContainText('SAR 275.00');
  // Held in view when the form is scrolled, and beside the title at the top.
  await expectIndicatorInView(page, { atTop: false });
  await snap(page, 'sale-in-doubt-indicator-scrolled-en');
  await scrollToTop(page);
  await expectIndicatorInView(page);
  await snap(page, 'sale-in-doubt-indicator-en');

  // Same card, same amount, new reference: stopped on the form, nothing reaches the gateway.
  const second = await merchantReference(page);
  await pay(page, { amount: '275.00', card });
  const panel = page.getByRole('alert').filter({
    hasText: 'Same card and amount as a payment awaiting bank confirmation',
  });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('charging the card now takes the money twice');
  await expect(fact(panel, 'Amount')).toContainText('SAR 275.00');
  await expect(fact(panel, 'Card')).toContainText(masked);
  await expect(fact(panel, 'Merchant reference')).toContainText(first);
  await expect(fact(panel, 'Time')).toContainText(String(new Date().getFullYear()));
  await expect(fact(panel, 'Status')).toContainText('Checking with the bank');
  await expect(panel).not.toContainText(card);
  await expect(page.getByRole('button', { name: 'Open in History' })).toBeFocused();
  expect(ordersFor(second)).toEqual([]);
  await snap(page, 'sale-same-card-stop-en');

  // Do not charge: the sale is dropped, the choice is in the audit trail.
  await page.getByRole('button', { name: 'Do not charge' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue('');
  expect(auditEvents('same-card-not-charged')).toHaveLength(1);
  expect(ordersFor(second)).toEqual([]);

  // Typed again and charged again on purpose: it goes through, once, and is audited.
  const third = await merchantReference(page);
  await pay(page, { amount: '275.00', card });
  await expect(panel).toBeVisible();
  await page.getByRole('button', { name: 'Charge again: the customer may pay twice' }).click();
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  expect(ordersFor(third)).toMatchObject([{ captureCount: 1, payAttempts: 1 }]);
  const [charged] = auditEvents('same-card-charge-again');
  expect(charged?.detail).toContain(`on card ${masked}`);
  expect(charged?.detail).toContain('customer may be charged twice');

  // The indicator at 1920×1080, still there while the first is in doubt, and it opens it.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('button', { name: 'New sale' }).click();
  await scrollToTop(page);
  await expectIndicatorInView(page);
  await snap(page, 'sale-in-doubt-indicator-wide-en');
  await page
    .getByRole('button', { name: 'Open the payment awaiting bank confirmation in History' })
    .click();
  await expect(page.locator('.detail-screen')).toContainText(first);
});

test('Arabic, operators on: a cashier alone cannot charge again; a supervisor approves', async () => {
  host = await launchUi({ language: 'ar', engine: quietBackground });
  const { page } = host;
  const l = operatorLabels.ar;
  await switchOnWithArabicCashier(page);
  await page.keyboard.press('Control+L');
  await signInAt(page, l, 'omar', '222222');
  await page.getByRole('button', { name: 'بيع', exact: true }).click();

  const first = await oneInDoubt(page, arabicLabels, 'بانتظار تأكيد البنك');
  await page.getByRole('button', { name: 'عملية بيع جديدة' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'بانتظار تأكيد البنك:' })).toBeVisible();
  await scrollToTop(page);
  await expectIndicatorInView(page);
  await snap(page, 'sale-in-doubt-indicator-ar');

  const second = await merchantReference(page, 'مرجع التاجر');
  await pay(page, { amount: '275.00', card }, arabicLabels);
  const panel = page.getByRole('alert').filter({
    hasText: 'البطاقة والمبلغ نفسهما لعملية دفع بانتظار تأكيد البنك',
  });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('يلزم اعتماد المشرف');
  await expect(fact(panel, 'مرجع التاجر')).toContainText(first);
  // The mask reads left to right inside the Arabic panel: its first digit drawn leftmost.
  const mask = fact(panel, 'البطاقة').locator('dd span');
  await expect(mask).toHaveText(masked);
  const [firstX, lastX] = await firstAndLastX(mask);
  expect(firstX).toBeLessThan(lastX);
  const reference = fact(panel, 'مرجع التاجر').locator('dd span');
  const [refFirstX, refLastX] = await firstAndLastX(reference);
  expect(refFirstX).toBeLessThan(refLastX);
  expect(ordersFor(second)).toEqual([]);
  await snap(page, 'sale-same-card-stop-ar');

  // The cashier cannot approve their own choice; cancelling the dialog keeps the stop.
  await panel.getByRole('button', { name: 'خصم المبلغ مرة أخرى: قد يدفع العميل مرتين' }).click();
  const approval = page.getByRole('dialog', { name: 'موافقة المشرف' });
  await approval.getByLabel(l.id, { exact: true }).fill('omar');
  await approval.getByLabel(l.secret, { exact: true }).fill('222222');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(approval.getByRole('alert')).toBeVisible();
  expect(ordersFor(second)).toEqual([]);
  await approval.getByLabel(l.id, { exact: true }).fill('amal');
  await approval.getByLabel(l.secret, { exact: true }).fill('111111');
  await approval.getByRole('button', { name: l.approve }).click();
  await expect(page.getByRole('heading', { name: 'مقبولة', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  expect(ordersFor(second)).toMatchObject([{ captureCount: 1 }]);
  expect(auditEvents('same-card-charge-again')[0]?.detail).toContain('approved by amal');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('button', { name: 'عملية بيع جديدة' }).click();
  await scrollToTop(page);
  await expectIndicatorInView(page);
  await snap(page, 'sale-in-doubt-indicator-wide-ar');
});
