import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  _electron as electron,
  expect,
  test,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import { testCards, TEST_CARD_EXPIRY } from '../../main/core/sandbox';
import { issuerFrame } from '../host/challenge-page';
import { electronTarget, repoRoot } from './electron-binary';
import { migratedStore } from '../integration/store/store-counter';
import { pgSkipReason, startPgCluster } from '../support/pg-cluster';

const target = electronTarget();
// Skipped, never faked: on machines without the binary the report says so, with the reason.
test.skip(target.kind === 'missing', target.kind === 'missing' ? target.reason : '');

let app: ElectronApplication;
let userData: string;

test.beforeEach(async () => {
  if (target.kind === 'missing') return;
  if (target.kind === 'development' && !existsSync(join(repoRoot, 'out', 'main', 'index.js'))) {
    throw new Error(
      'Build the app first: `npx electron-vite build` (out/main/index.js is missing).',
    );
  }
  userData = mkdtempSync(join(tmpdir(), 'paydesk-smoke-'));
  const env = { ...process.env } as Record<string, string>;
  delete env.ELECTRON_RENDERER_URL; // the built renderer, not a dev server
  app = await electron.launch({
    executablePath: target.executablePath,
    args: [...(target.kind === 'development' ? [repoRoot] : []), `--user-data-dir=${userData}`],
    cwd: repoRoot,
    env,
  });
});

test.afterEach(async () => {
  await app?.close();
  if (userData) rmSync(userData, { recursive: true, force: true });
});

/** The challenge window: the one whose issuer frame shows the one-time code field. */
async function challengeWindow(electronApp: ElectronApplication, main: Page): Promise<Page> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    for (const window of electronApp.windows()) {
      if (window === main) continue;
      const found = await issuerFrame(window, 200).catch(() => null);
      if (found) return window;
    }
    await main.waitForTimeout(200);
  }
  throw new Error('No challenge window with the issuer page appeared.');
}

/**
 * What the fake electron cannot show: the real window is on screen (not waiting for a
 * ready-to-show that never comes), can be closed by the operator (no macOS sheet), and
 * carries no menu whose shortcuts would reach the main window.
 */
async function expectShownAndClosable(challenge: Page): Promise<void> {
  const window = await app.browserWindow(challenge);
  await expect.poll(() => window.evaluate((w) => w.isVisible())).toBe(true);
  expect(await window.evaluate((w) => w.isClosable())).toBe(true);
  if (process.platform === 'darwin') expect(await window.evaluate((w) => w.isModal())).toBe(false);
  else expect(await window.evaluate((w) => w.isMenuBarVisible())).toBe(false);
}

/** A challenge sale's request, on the card the sandbox challenges with a GET return. */
function challengeSale(reference: string) {
  const card = testCards.find((c) => c.outcome === 'challenge' && c.challengeReturn === 'GET')!;
  return {
    amount: '12.34',
    currency: 'SAR' as const,
    merchantReferenceId: reference,
    card: {
      number: card.number,
      expiry: `${TEST_CARD_EXPIRY.month}/${TEST_CARD_EXPIRY.year}`,
      cvv: '123',
      holderName: 'Smoke Test',
    },
    customerPhone: null,
  };
}

test('the operator can close the challenge window: the sale ends cancelled', async () => {
  const main = await app.firstWindow();
  await main.waitForFunction(() => typeof window.paydesk?.salePay === 'function');
  const paying = main.evaluate(
    (request) => window.paydesk.salePay(request),
    challengeSale('SMOKE-2'),
  );
  const challenge = await challengeWindow(app, main);
  await expectShownAndClosable(challenge);
  await (await app.browserWindow(challenge)).evaluate((w) => w.close());
  expect(await paying).toMatchObject({ ok: true, value: { outcome: 'cancelled' } });
  await expect.poll(() => app.windows().length).toBe(1);
});

test('Training sale in the real app: challenge window, one-time code, paid', async () => {
  const main = await app.firstWindow();
  await main.waitForFunction(() => typeof window.paydesk?.salePay === 'function');
  expect(await main.evaluate(() => window.paydesk.appInfo({}))).toMatchObject({
    ok: true,
    value: { training: true },
  });

  const paying = main.evaluate(
    (request) => window.paydesk.salePay(request),
    challengeSale('SMOKE-1'),
  );
  const challenge = await challengeWindow(app, main);
  await expectShownAndClosable(challenge);
  const frame = await issuerFrame(challenge);
  await frame.getByLabel('One-time code').fill('123456');
  await frame.getByRole('button', { name: 'Submit' }).click();

  const result = await paying;
  expect(result).toMatchObject({
    ok: true,
    value: { outcome: 'paid', order: { detailedStatus: 'Paid' } },
  });
  await expect.poll(() => app.windows().length).toBe(1); // the challenge window closed itself
});

/** A frictionless Training sale (no challenge window), paid, under `reference`. */
async function frictionlessSale(main: Page, reference: string) {
  const card = testCards.find((c) => c.outcome === 'frictionless')!;
  const request = {
    ...challengeSale(reference),
    card: { ...challengeSale(reference).card, number: card.number },
  };
  expect(await main.evaluate((sale) => window.paydesk.salePay(sale), request)).toMatchObject({
    ok: true,
    value: { outcome: 'paid' },
  });
}

// The journal reader is an ES-module worker started lazily from inside app.asar (asar
// integrity on): nothing at launch shows whether it loads. History's search and export do.
test('History in the real app: search and CSV export run on the packaged reader thread', async () => {
  const main = await app.firstWindow();
  await main.waitForFunction(() => typeof window.paydesk?.salePay === 'function');
  await frictionlessSale(main, 'SMOKE-HISTORY-1');
  const csvPath = join(userData, 'history-export.csv');
  // The native save dialog would wait for a person: main answers it with the file's path.
  await app.evaluate(({ dialog }, path) => {
    dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as never;
  }, csvPath);

  await main.getByRole('button', { name: 'History' }).click();
  await main.getByLabel('Search', { exact: true }).fill('SMOKE-HISTORY-1');
  await expect(main.getByRole('row').filter({ hasText: 'SMOKE-HISTORY-1' })).toHaveCount(1);
  await main.getByRole('button', { name: 'Export CSV' }).click();
  await expect(main.getByText(`1 payments exported: ${csvPath}`)).toBeVisible();
  expect(readFileSync(csvPath, 'utf8')).toContain('SMOKE-HISTORY-1');
});

// The store thread is the other lazily started worker: store mode turned on against a local
// PostgreSQL starts it, migrates the store and replicates.
test('store mode in the real app: the packaged store thread connects to a local PostgreSQL', async () => {
  const skip = pgSkipReason();
  test.skip(skip !== null, `store smoke skipped: ${skip}`);
  const cluster = await startPgCluster();
  try {
    const url = await cluster.createDatabase('store_smoke');
    await migratedStore(url);
    const main = await app.firstWindow();
    await main.waitForFunction(() => typeof window.paydesk?.storeConfigure === 'function');
    const connection = {
      host: '127.0.0.1',
      port: cluster.port,
      database: 'store_smoke',
      user: 'postgres',
      tls: 'off' as const,
      counterId: 'smoke-1',
      counterName: 'Smoke test',
    };
    expect(
      await main.evaluate((request) => window.paydesk.storeConfigure(request), {
        connection,
        password: null,
      }),
    ).toMatchObject({ ok: true });
    expect(await main.evaluate(() => window.paydesk.storeMigrate({}))).toMatchObject({ ok: true });
    await expect
      .poll(async () => main.evaluate(() => window.paydesk.storeStatus({})), { timeout: 30_000 })
      .toMatchObject({ ok: true, value: { state: 'online', counterId: 'smoke-1' } });
  } finally {
    await app.close();
    cluster.destroy();
  }
});
