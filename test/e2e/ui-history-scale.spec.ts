import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openJournal } from '../../main/core/journal';
import type { StoredAttempt } from '../../main/core/journal/attempt-rows';
import { openDatabase } from '../../main/core/platform/open-database';
import { bulkAttemptDefaults, insertAttempts } from '../integration/journal/seed-attempts';
import type { Host } from '../host';
import { launchUi } from './ui-helpers';

let host: Host;

test.afterEach(async () => {
  await host?.close();
});

const rowCount = 120_000;
const statuses = ['paid', 'paid', 'paid', 'declined', 'refunded', 'cancelled'] as const;

/** Deterministic finished attempts, newest last, one a minute. */
function* attempts(): Generator<StoredAttempt> {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < rowCount; i += 1) {
    const status = statuses[i % statuses.length]!;
    const amountMinor = 1_000 + ((i * 7_919) % 500_000);
    yield {
      ...bulkAttemptDefaults,
      attemptId: `scale-${i}`,
      merchantReferenceId: `POS-${String(i).padStart(7, '0')}`,
      amountMinor,
      currency: 'SAR',
      brand: 'visa',
      first6: '444000',
      last4: String(i % 10_000).padStart(4, '0'),
      holderName: 'SCALE TEST',
      createdAt: start + i * 60_000,
      state: status,
      status,
      refundedMinor: status === 'refunded' ? amountMinor : 0,
      updatedAt: start + i * 60_000,
    };
  }
}

/** A Training journal with `rowCount` attempts, written once; each test starts on a copy. */
let template: string;
test.beforeAll(() => {
  template = mkdtempSync(join(tmpdir(), 'paydesk-scale-template-'));
  const path = join(template, 'training-journal.sqlite');
  openJournal({ path, clock: { now: () => Date.now() } }).close(); // creates the schema
  const db = openDatabase(path);
  insertAttempts(db, attempts());
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
});
test.afterAll(() => rmSync(template, { recursive: true, force: true }));

function seededDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-scale-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

test('history stays smooth over 120,000 payments: virtualized rows, paged by cursor', async () => {
  host = await launchUi({ dataDir: seededDataDir() });
  const { page } = host;
  await page.getByRole('button', { name: 'History', exact: true }).click();
  // Of the first page of 100, the 34 declined and cancelled ones count as attempts, not payments.
  await expect(
    page.getByText('Payments shown: 66 · Failed attempts shown: 34 ·', { exact: false }),
  ).toBeVisible();
  const rows = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  await expect(rows.first()).toContainText('POS-0119999');

  // Scroll continuously, one step per frame, and time the frames while pages stream in.
  const frames = await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('.history-scroller')!;
    const times: number[] = [];
    let last = performance.now();
    for (let i = 0; i < 240; i += 1) {
      scroller.scrollTop += 600;
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times;
  });
  const shown = ((await page.locator('.history-count').textContent()) ?? '')
    .match(/[\d,]+/g)!
    .slice(0, 2)
    .reduce((sum, count) => sum + Number(count.replace(/,/g, '')), 0);
  const domRows = await page.locator('.history-item').count();
  const median = percentile(frames, 0.5);
  const p95 = percentile(frames, 0.95);
  console.log(
    `history 120k: ${shown} rows loaded while scrolling, ${domRows} rows in the DOM, frame median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
  );
  expect(shown).toBeGreaterThan(1_000);
  // Only what is in view (plus overscan) exists, however many rows are loaded.
  expect(domRows).toBeLessThan(40);
  // Generous bounds for a shared CI machine; a janky list (re-rendering every row) is far above.
  expect(median).toBeLessThan(50);
  expect(p95).toBeLessThan(150);

  // Search over all of them answers with the one match.
  await page.getByLabel('Search', { exact: true }).fill('POS-0004242');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('POS-0004242');
});

test('a long CSV export shows its progress and can be cancelled, leaving no file', async () => {
  host = await launchUi({ dataDir: seededDataDir() });
  const { page } = host;
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('progressbar', { name: 'Export progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/^Exporting… [\d,]+ payments so far \(\d+%\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel export' }).click();
  await expect(page.getByText('Export cancelled. No file was saved.')).toBeVisible();
  await expect(progress).toBeHidden();
  expect(readdirSync(host.savedDir).filter((name) => name.endsWith('.csv'))).toEqual([]);

  // Arabic: the same control, in the operator's language.
  await host.core.settings.update({ language: 'ar' });
  await page.getByRole('button', { name: 'تصدير CSV' }).click();
  await expect(page.getByRole('progressbar', { name: 'تقدّم التصدير' })).toBeVisible();
  await page.getByRole('button', { name: 'إلغاء التصدير' }).click();
  await expect(page.getByText('تم إلغاء التصدير. لم يُحفظ أي ملف.')).toBeVisible();
});
