import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openJournal } from '../../main/core/journal';
import type { StoredAttempt } from '../../main/core/journal/attempt-rows';
import { openDatabase } from '../../main/core/platform/open-database';
import { bulkAttemptDefaults, insertAttempts } from '../integration/journal/seed-attempts';
import type { Host } from '../host';
import { glyphsOf, readLeftToRight } from './glyph-order';
import { launchUi, snap } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

// References of one day that differ only at their end, as a busy counter's do.
const references = ['PD-20261126-FC3A9K', 'PD-20261126-FC7QW2', 'PD-20261126-FCX4M8'];
// 10:05:07 local on 26 Nov 2026: an hour with two digits and seconds that are not zero.
const firstAt = new Date(2026, 10, 26, 10, 5, 7).getTime();

/** A Training journal holding three paid sales, one of them SAR 1,250.50. */
function seededDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-glance-'));
  const path = join(dataDir, 'training-journal.sqlite');
  openJournal({ path, clock: { now: () => Date.now() } }).close();
  const attempts: StoredAttempt[] = references.map((reference, i) => ({
    ...bulkAttemptDefaults,
    attemptId: `glance-${i}`,
    merchantReferenceId: reference,
    amountMinor: [125_050, 6_425, 99_900][i]!,
    currency: 'SAR',
    brand: 'mada',
    first6: '588845',
    last4: ['0003', '0011', '0029'][i]!,
    holderName: 'LAYLA HASSAN',
    createdAt: firstAt + i * 61_000,
    state: 'paid',
    status: 'paid',
    updatedAt: firstAt + i * 61_000,
  }));
  const db = openDatabase(path);
  insertAttempts(db, attempts);
  db.close();
  return dataDir;
}

const words = {
  en: { history: 'History', search: 'Search', payments: 'Payments' },
  ar: { history: 'السجل', search: 'بحث', payments: 'عمليات الدفع' },
} as const;

/** True when the element shows all of its text: nothing cut off at its end or start. */
const showsAll = (cell: Locator) =>
  cell.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);

async function expectNothingClipped(page: Page) {
  const rows = page.locator('.history-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    for (const cell of ['.cell-date', '.cell-reference', '.cell-amount']) {
      const shown = rows.nth(i).locator(cell);
      expect(await showsAll(shown), `${cell} of row ${i}`).toBe(true);
      // No descendant is cut either (the time and the reference are their own boxes).
      for (const part of await shown.locator('*').all()) expect(await showsAll(part)).toBe(true);
    }
  }
}

for (const language of ['en', 'ar'] as const) {
  const w = words[language];

  test(`history (${language}): time with seconds and the reference's end are never cut, at 1024 and 1920 px`, async () => {
    host = await launchUi({ language, dataDir: seededDataDir() });
    const { page } = host;
    await page.getByRole('button', { name: w.history, exact: true }).click();
    const rows = page.getByRole('list', { name: w.payments }).getByRole('listitem');
    await expect(rows).toHaveCount(3);

    for (const viewport of [
      { width: 1024, height: 700 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await expectNothingClipped(page);
      await snap(page, `history-list-${viewport.width}-${language}`);
    }
    await page.setViewportSize({ width: 1024, height: 700 });

    // Each row shows its whole reference and the time to the second, in reading order.
    const newest = rows.first();
    await expect(newest.locator('.cell-reference')).toHaveText(references[2]!);
    const time = await glyphsOf(newest.locator('.cell-time'));
    expect(readLeftToRight(time, /[\d:٠-٩]/)).toMatch(/^(10|١٠):(07|٠٧):(09|٠٩)$/);
  });

  test(`history search (${language}): the amount as printed and the end of a reference`, async () => {
    host = await launchUi({ language, dataDir: seededDataDir() });
    const { page } = host;
    await page.getByRole('button', { name: w.history, exact: true }).click();
    const rows = page.getByRole('list', { name: w.payments }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    const search = page.getByLabel(w.search, { exact: true });

    // What the row prints for SAR 1,250.50 in this language, typed back as it is read.
    const printed = (await rows.last().locator('.cell-amount').textContent()) ?? '';
    for (const text of ['1,250.50', printed, '١٬٢٥٠٫٥٠']) {
      await search.fill(text);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(references[0]!);
    }
    // The end of a reference, and a part of its end, in any case.
    for (const text of ['FC7QW2', 'qw2']) {
      await search.fill(text);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(references[1]!);
    }
  });
}

const linkWords = {
  en: {
    mode: 'Send payment link',
    amount: 'Amount',
    email: 'Customer email',
    send: 'Send link',
    waiting: 'Waiting for the customer',
  },
  ar: {
    mode: 'إرسال رابط دفع',
    amount: 'المبلغ',
    email: 'البريد الإلكتروني للعميل',
    send: 'إرسال الرابط',
    waiting: 'بانتظار العميل',
  },
} as const;

for (const language of ['en', 'ar'] as const) {
  test(`history (${language}): a payment taken by link is found from Payments and opens its link`, async () => {
    host = await launchUi({ language });
    const { page } = host;
    const lw = linkWords[language];
    await page.getByRole('button', { name: lw.mode }).click();
    await page.getByLabel(lw.amount, { exact: true }).fill('1250.50');
    await page.getByLabel(lw.email, { exact: true }).fill('layla@example.com');
    await page.getByRole('button', { name: lw.send }).click();
    await expect.poll(() => host.sandbox.outbox().length).toBe(1);
    const reference = await page.evaluate(async () => {
      const answer = await (
        window as unknown as {
          paydesk: {
            linkList(r: {
              limit: number;
            }): Promise<{ ok: boolean; value: { links: { merchantReferenceId: string }[] } }>;
          };
        }
      ).paydesk.linkList({ limit: 1 });
      return answer.value.links[0]?.merchantReferenceId ?? '';
    });
    expect(reference).not.toBe('');

    await page.getByRole('button', { name: words[language].history, exact: true }).click();
    const search = page.getByLabel(words[language].search, { exact: true });
    const matches = page.getByRole('region', {
      name: language === 'en' ? 'Payment links that match' : 'روابط دفع مطابقة',
    });
    for (const text of [reference.slice(-5), '1,250.50']) {
      await search.fill(text);
      await expect(matches.getByRole('listitem')).toHaveCount(1);
      await expect(matches).toContainText(reference);
    }
    await snap(page, `history-link-match-${language}`);
    await search.fill('no-such-part');
    await expect(matches).toBeHidden();

    await search.fill(reference.slice(-5));
    await matches.getByRole('button').click();
    await expect(page.getByRole('heading', { name: lw.waiting })).toBeVisible();
  });
}
