import { expect, test } from '@playwright/test';
import { journalSale, migratedStore } from '../integration/store/store-counter';
import { storeHosts } from './store-hosts';
import { snap } from './ui-helpers';

/**
 * Store mode with two whole hosts on one real PostgreSQL: the first counter is
 * set up from its Settings screen, the second sees the first's sale in History's "All
 * counters", and the first's top bar says when the store is offline and how much waits.
 */
const store = storeHosts();
const { skip } = store;

test('two counters on one store: the second sees the first’s sale; the first shows the store offline', async () => {
  test.skip(skip !== null, `store e2e skipped: ${skip}`);
  test.setTimeout(90_000);
  const { url, port, connection } = await store.database('store_e2e', { migrate: false });
  const cluster = store.cluster();

  const first = await store.launch();
  const page = first.page;
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Server', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('Port', { exact: true }).fill(String(port));
  await page.getByLabel('Database', { exact: true }).fill('store_e2e');
  await page.getByLabel('User', { exact: true }).fill('postgres');
  await page.getByLabel('Encryption').selectOption('off');
  await page.getByLabel('Counter ID').fill('front-1');
  await page.getByLabel('Counter name').fill('Front desk');
  await page.getByRole('button', { name: 'Save and connect' }).click();
  await expect(
    page.getByText('Saved. This counter now sends its payments to the store.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Apply database updates' }).click();
  await expect(page.getByText(/The store database is up to date \(version \d+\)\./)).toBeVisible();
  await snap(page, 'settings-store-en', { height: 1400 });

  const second = await store.launch();
  await migratedStore(url); // already migrated by the first counter's admin: harmless
  await second.core.store.configure(connection('back-2', 'Back office'), null, null);

  // The first counter's live journal takes a sale as the engine writes it (a live sale needs
  // an https gateway; Training sales never leave the counter).
  const live = first.core.modes.all().find((mode) => mode.name === 'live')!;
  journalSale(live.journal, 12_550, 'cashier-1');

  const other = second.page;
  await other.getByRole('button', { name: 'History' }).click();
  await other.getByRole('button', { name: 'All counters' }).click();
  const rows = other.getByRole('list', { name: 'Payments of every counter' }).getByRole('listitem');
  await expect(rows).toHaveCount(1, { timeout: 5_000 });
  await expect(rows.first()).toContainText('front-1');
  await expect(rows.first()).toContainText('cashier-1');
  await expect(rows.first()).toContainText('SAR');
  await other.getByRole('textbox', { name: 'Counter', exact: true }).fill('back-2');
  await expect(rows).toHaveCount(0);
  await other.getByRole('textbox', { name: 'Counter', exact: true }).fill('front-1');
  await expect(rows).toHaveCount(1);
  await snap(other, 'history-store-en');

  cluster.stop('fast');
  journalSale(live.journal);
  const offline = page
    .getByRole('status')
    .filter({ hasText: /^Store offline since .+, \d+ records? waiting$/ });
  await expect(offline).toBeVisible({ timeout: 10_000 });
  await snap(page, 'top-bar-store-offline-en');
  cluster.start();
  await expect(offline).toBeHidden({ timeout: 15_000 });
});
