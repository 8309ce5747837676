import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import type { Host } from '../host';
import { closeShiftWithZ } from '../integration/store/store-shifts';
import { journalSale } from '../integration/store/store-counter';
import { switchOnAsAdmin } from './operator-helpers';
import { storeHosts } from './store-hosts';
import { snap } from './ui-helpers';

/**
 * The store end of day with two whole hosts on one real PostgreSQL: the front
 * counter closes its shift with a Z, the back office sells without closing; the back office's
 * History → Store end of day sums the day's Z reports and names the front counter's Z and
 * its own open shift, in English and Arabic, and saves it as CSV.
 */
const hosts = storeHosts();
const { skip } = hosts;

test('store end of day: the counters’ Z reports summed, an open shift with payments named, CSV, both languages', async () => {
  test.skip(skip !== null, `store e2e skipped: ${skip}`);
  test.setTimeout(90_000);
  const { url, connection } = await hosts.database('store_day_e2e', { migrate: true });

  const front = await hosts.launch();
  const back = await hosts.launch();
  await front.core.store.configure(connection('front-1', 'Front desk'), null, null);
  await back.core.store.configure(connection('back-2', 'Back office'), null, null);

  // Live journals take sales as the engine writes them (Training never leaves the counter).
  const liveJournal = (host: Host) =>
    host.core.modes.all().find((mode) => mode.name === 'live')!.journal;
  journalSale(liveJournal(front), 12_550, 'cashier-1');
  journalSale(liveJournal(front), 4_000, 'cashier-1');
  await closeShiftWithZ(join(front.dataDir, 'journal.sqlite'), 'admin-1');
  journalSale(liveJournal(back), 2_500, 'cashier-2');
  // The screen reloads when another counter's records arrive, not on its own: wait until
  // both counters' records are in the store before opening it.
  const store = new pg.Client({ connectionString: url });
  await store.connect();
  await expect
    .poll(
      async () =>
        (
          await store.query<{ n: string }>(
            `SELECT (SELECT count(*) FROM store_z_reports WHERE counter_id = 'front-1')
               + (SELECT count(*) FROM store_ledger WHERE counter_id = 'back-2') AS n`,
          )
        ).rows[0]?.n,
      { timeout: 10_000 },
    )
    .toBe('2');
  // The audit rows and keys travel in their own round (every 2 s) and reload no screen: wait
  // until both counters' are there.
  await expect
    .poll(
      async () =>
        (
          await store.query<{ counter_id: string }>(
            `SELECT k.counter_id FROM store_audit_keys k
             WHERE EXISTS (SELECT 1 FROM store_audit a WHERE a.counter_id = k.counter_id)
             ORDER BY 1`,
          )
        ).rows.map((row) => row.counter_id),
      { timeout: 10_000 },
    )
    .toEqual(['back-2', 'front-1']);
  await store.end();

  const page = back.page;
  // Every counter's Z reports and audit chains are shown only to a signed-in operator:
  // switching operators on signs the first admin in.
  await switchOnAsAdmin(page);
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Store end of day' }).click();
  const report = page.locator('.shift-report');
  // Other counters' records arrive within about a second; the screen reloads on them.
  await expect(report).toContainText('Front desk (front-1): Z no. 1', { timeout: 10_000 });
  await expect(report).toContainText('Currency: SAR');
  await expect(report).toContainText('2 · SAR 165.50');
  await expect(
    report.locator('.shift-line').filter({ hasText: 'Back office (back-2)' }).first(),
  ).toContainText(/open since .+, 1 payment/);
  await snap(page, 'history-store-day-en', { height: 1_200 });

  await page.getByRole('button', { name: 'Save as CSV' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  const [csvName] = readdirSync(back.savedDir).filter((name) =>
    name.startsWith('paydesk-store-day-'),
  );
  const csv = readFileSync(join(back.savedDir, csvName!), 'utf8');
  expect(csv).toContain('Front desk (front-1): Z no. 1');
  expect(csv).toContain('SAR');
  // Each counter's audit chain head at the day's end, checked from this counter.
  await expect(report).toContainText('Audit trails at the end of the day');
  await expect(
    report.locator('.shift-line').filter({ hasText: 'Front desk (front-1)' }).last(),
  ).toContainText(/verified: entry \d+, MAC [0-9a-f]{16}, chain [0-9a-f]{64}/);
  expect(csv).toContain('Audit trails at the end of the day');
  expect(csv).toMatch(/Back office \(back-2\).*verified: entry \d+, MAC/);

  // Verify audit trail (Settings, an admin's) checks every counter's chain in the store.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Verify audit trail' }).click();
  const chains = page.locator('.store-audit-list li');
  await expect(chains.filter({ hasText: 'Front desk (front-1)' })).toContainText(
    /Intact: \d+ entries checked up to entry \d+\./,
  );
  await expect(chains.filter({ hasText: 'Back office (back-2)' })).toContainText('Intact:');
  await snap(page, 'settings-audit-store-en', { height: 1_400 });

  await page.getByLabel('Language', { exact: true }).selectOption('ar');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await page.getByRole('button', { name: 'السجل', exact: true }).click();
  await page.getByRole('button', { name: 'الإقفال اليومي للمتجر' }).click();
  await expect(report).toContainText('\u2068Front desk (front-1)\u2069: تقرير Z رقم 1');
  await expect(report).toContainText('ورديات ما زالت مفتوحة');
  await expect(report).toContainText('سجلات التدقيق في نهاية اليوم');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await snap(page, 'history-store-day-ar', { height: 1_200 });
  await page.getByRole('button', { name: 'الإعدادات', exact: true }).click();
  await page.getByRole('button', { name: 'التحقق من سلامة سجل التدقيق' }).click();
  await expect(chains.filter({ hasText: 'Front desk (front-1)' })).toContainText('سليم:');
});
