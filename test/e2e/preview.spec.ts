import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { completeChallenge, issuerFrame } from '../host';
import { fillSale } from './ui-helpers';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `npm run preview`'s program, started as package.json starts it: node loads tsx as a module,
 * so a signal reaches the preview itself (the tsx wrapper relays it and kills its child,
 * exiting 130, when the child does not acknowledge it within 30 ms on a loaded machine).
 */
const spawnPreview = (args: readonly string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'main/preview/cli.ts', ...args], { cwd: repo });

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts `npm run preview`'s program (the build step is the e2e run's own) and waits for its ready line. */
async function startPreview(args: string[]) {
  const child = spawnPreview(args);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview not ready: ${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Ready once both lines are out: the app's address, then the Training gateway's.
      const line = /Paydesk preview \(Training mode\) at [\s\S]*\/__sandbox\/outbox\n/.exec(output);
      if (line) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    child.once('exit', (code) => reject(new Error(`preview exited ${code}: ${output}`)));
  });
  return { child, ready };
}

const exitCode = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** The preview's app window, driven over the DevTools port it was started with. */
async function appWindow(cdpPort: number, origin: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const page = browser
    .contexts()[0]
    ?.pages()
    .find((p) => p.url().startsWith(origin));
  if (!page) throw new Error('the preview window is not showing the app');
  return { browser, page };
}

/** The page of the preview's browser whose issuer frame shows the one-time code field. */
async function verificationWindow(browser: Browser): Promise<Page> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    for (const page of browser.contexts().flatMap((context) => context.pages())) {
      if (
        await issuerFrame(page, 200).then(
          () => true,
          () => false,
        )
      )
        return page;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the preview opened no verification window');
}

test('npm run preview: starts, serves every screen, completes a Training sale, stops on Ctrl+C', async () => {
  test.setTimeout(120_000);
  const cdpPort = await freePort();
  const { child, ready } = await startPreview(['--headless', '--cdp-port', String(cdpPort)]);
  const [, origin, dataDir] = /at (\S+), journals in (\S+)\./.exec(ready) ?? [];
  let browser: Browser | undefined;
  try {
    // The app is served over loopback HTTP with its content security policy.
    const response = await fetch(`${origin}/`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");

    const opened = await appWindow(cdpPort, origin!);
    browser = opened.browser;
    const page = opened.page;
    await expect(page.getByText('Training mode').first()).toBeVisible();

    // Every screen, from the top bar.
    await page.getByRole('button', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await page.getByRole('button', { name: 'Sale' }).click();

    // A Training sale: the issuer page opens as a second window, the customer types the code.
    await fillSale(page, { amount: '12.50', card: '5123450000000008' });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await completeChallenge(await verificationWindow(browser), '123456');
    await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'History' }).click();
    const payments = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
    await expect(payments.filter({ hasText: 'SAR 12.50' })).toHaveCount(1);
  } finally {
    await browser?.close().catch(() => undefined);
    child.kill('SIGINT');
  }
  expect(await exitCode(child)).toBe(0);
  // Without --data-dir the journals lived in a temp dir that is gone with the preview.
  expect(existsSync(dataDir!)).toBe(false);
});

test('npm run preview refuses a bad flag by name, with the usage', async () => {
  const child = spawnPreview(['--language', 'fr']);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  expect(await exitCode(child)).toBe(2);
  expect(stderr).toContain('--language must be en or ar, not "fr"');
  expect(stderr).toContain('Usage: npm run preview');
});

test('npm run preview prints the Training gateway’s admin address and token, and --data-dir keeps the language', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-preview-'));
  try {
    const cdpPort = await freePort();
    const args = ['--headless', '--cdp-port', String(cdpPort), '--data-dir', dataDir];
    const first = await startPreview(args);
    const [, origin] = /at (\S+), journals in/.exec(first.ready) ?? [];
    const admin = /Training gateway at (\S+), admin token (\S+):/.exec(first.ready);
    expect(admin, first.ready).not.toBeNull();
    const [, gateway, token] = admin!;
    let browser: Browser | undefined;
    try {
      // The fault controls and the outbox of docs/sandbox.md answer to the printed token only.
      const outbox = await fetch(`${gateway}/__sandbox/outbox`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(outbox.status).toBe(200);
      expect(await outbox.json()).toEqual({ messages: [] });
      expect((await fetch(`${gateway}/__sandbox/outbox`)).status).toBe(401);
      const faults = await fetch(`${gateway}/__sandbox/faults`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ clear: true }),
      });
      expect(faults.status).toBe(204);

      // The cashier switches to Arabic in Settings.
      const opened = await appWindow(cdpPort, origin!);
      browser = opened.browser;
      await opened.page.getByRole('button', { name: 'Settings' }).click();
      await opened.page.getByLabel('Language').selectOption('ar');
      await expect(opened.page.locator('html')).toHaveAttribute('dir', 'rtl');
    } finally {
      await browser?.close().catch(() => undefined);
      first.child.kill('SIGINT');
    }
    expect(await exitCode(first.child)).toBe(0);

    // Started again on the same data directory, without --language: still Arabic.
    const second = await startPreview(args);
    const [, secondOrigin] = /at (\S+), journals in/.exec(second.ready) ?? [];
    try {
      const reopened = await appWindow(cdpPort, secondOrigin!);
      browser = reopened.browser;
      await expect(reopened.page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(reopened.page.getByRole('button', { name: 'الإعدادات' })).toBeVisible();
    } finally {
      await browser?.close().catch(() => undefined);
      second.child.kill('SIGINT');
    }
    expect(await exitCode(second.child)).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
