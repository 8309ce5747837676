import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { launchHost, type Host, type HostOptions } from '../host';

/** What the UI tests type for one sale. Test cards come from the sandbox's list. */
export interface SaleInput {
  amount: string;
  card: string;
  expiry?: string;
  cvv?: string;
  holder?: string;
}

// Under test-results/ on every run, so tests never dirty the tree; `npm run screenshots`
// points this at docs/screenshots to refresh what README shows.
const screenshotDir = join(
  process.env.PAYDESK_SCREENSHOT_DIR ??
    fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url)),
  '/',
);

/** English labels; the Arabic test passes its own. */
export const englishLabels = {
  amount: 'Amount',
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvv: 'CVV',
  holder: 'Cardholder name',
  pay: 'Pay',
};

/** The same labels in Arabic. */
export const arabicLabels: typeof englishLabels = {
  amount: 'المبلغ',
  cardNumber: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء',
  cvv: 'رمز CVV',
  holder: 'اسم حامل البطاقة',
  pay: 'دفع',
};

/** Starts the whole app (real core, sandbox, Chromium) and waits for the sale screen. */
export async function launchUi(options: HostOptions = {}): Promise<Host> {
  const host = await launchHost({ viewport: { width: 1024, height: 700 }, ...options });
  await expect(host.page.locator('input').first()).toBeFocused();
  return host;
}

/**
 * Saves `<name>.png` (names are `<screen>-<state>-<lang>`) under test-results/screenshots,
 * or docs/screenshots when `npm run screenshots` refreshes README's pictures.
 * `height` takes the picture in a taller window (the screen scrolls inside the window, so a
 * full-page capture would not show more), for states whose point lies below the fold at 700 px.
 */
export async function snap(page: Page, name: string, options: { height?: number } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  const viewport = page.viewportSize();
  if (options.height && viewport)
    await page.setViewportSize({ ...viewport, height: options.height });
  // Even a sandbox card number never goes into a committed picture: the field is boxed over.
  await page.screenshot({
    path: `${screenshotDir}${name}.png`,
    // Behind the lock screen (the window inert) the field is covered already.
    mask: [page.locator('.app:not([inert]) .field-card-number input')],
    maskColor: '#c8d0dc',
  });
  if (options.height && viewport) await page.setViewportSize(viewport);
}

/** Types a sale the way a cashier does: into each labelled field, in order. */
export async function fillSale(
  page: Page,
  sale: SaleInput,
  labels: typeof englishLabels = englishLabels,
): Promise<void> {
  await page.getByLabel(labels.amount, { exact: true }).fill(sale.amount);
  await page.getByLabel(labels.cardNumber, { exact: true }).pressSequentially(sale.card);
  await page.getByLabel(labels.expiry, { exact: true }).pressSequentially(sale.expiry ?? '0139');
  await page
    .getByLabel(labels.cvv, { exact: true })
    .fill(sale.cvv ?? (sale.card.length === 15 ? '1234' : '123'));
  await page.getByLabel(labels.holder, { exact: true }).fill(sale.holder ?? 'Layla Hassan');
}

/** Fills and pays; resolves once the progress screen shows. */
export async function pay(page: Page, sale: SaleInput, labels = englishLabels): Promise<void> {
  await fillSale(page, sale, labels);
  await page.getByRole('button', { name: labels.pay, exact: true }).click();
}

/** The single order the sandbox holds for this merchant reference. */
export function sandboxOrderFor(host: Host, merchantReferenceId: string) {
  const orders = host.sandbox.inspect
    .orders()
    .filter((o) => o.merchantReferenceId === merchantReferenceId);
  expect(orders).toHaveLength(1);
  return orders[0]!;
}

/** The merchant reference the sale form generated (read before paying). */
export async function merchantReference(page: Page, label = 'Merchant reference'): Promise<string> {
  return page.getByLabel(label, { exact: true }).inputValue();
}
