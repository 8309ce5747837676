import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { electronTarget, repoRoot } from './electron-binary';

/**
 * An update end to end on the packaged app (the workflow's Windows and macOS runners, after
 * the installers are built): the build's app-update.yml is pointed at a generic server on
 * loopback serving latest.yml / latest-mac.yml for a version 99.0.0 whose file is this
 * release's own installer (Windows) or ZIP (macOS); electron-updater looks, downloads,
 * verifies, and Settings › About says what happened while the counter keeps working.
 */
const target = electronTarget();
test.skip(
  target.kind !== 'packaged',
  target.kind === 'missing'
    ? target.reason
    : 'updates need the packaged app (PAYDESK_ELECTRON_EXECUTABLE): a development run has no app-update.yml',
);

const platform = process.platform === 'darwin' ? 'mac' : 'win';
const updateFile = platform === 'mac' ? 'latest-mac.yml' : 'latest.yml';

/** The installer (Windows) or ZIP (macOS) the release just built, for this machine's CPU. */
function releaseArtifact(): string {
  const releaseDir = join(repoRoot, 'release');
  const wanted = platform === 'mac' ? `-mac-${process.arch}.zip` : `-win-${process.arch}.exe`;
  const found = readdirSync(releaseDir).find((name) => name.endsWith(wanted));
  if (!found) throw new Error(`Build the installers first: no *${wanted} in release/.`);
  return join(releaseDir, found);
}

/** Where electron-builder put app-update.yml beside the packaged executable. */
const resourcesDir = (executable: string) =>
  platform === 'mac'
    ? join(dirname(dirname(executable)), 'Resources')
    : join(dirname(executable), 'resources');

let server: Server;
let app: ElectronApplication;
let userData: string;
let restoreConfig: () => void = () => undefined;

test.beforeEach(async () => {
  if (target.kind !== 'packaged') return;
  const artifact = releaseArtifact();
  const bytes = readFileSync(artifact);
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  const latest = [
    'version: 99.0.0',
    'files:',
    `  - url: ${basename(artifact)}`,
    `    sha512: ${sha512}`,
    `    size: ${bytes.length}`,
    `path: ${basename(artifact)}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-27T00:00:00.000Z'",
  ].join('\n');
  server = createServer((request, response) => {
    if (request.url?.startsWith(`/${updateFile}`)) return void response.end(latest);
    if (request.url?.startsWith(`/${basename(artifact)}`) && !request.url.endsWith('.blockmap'))
      return void response.end(bytes);
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const configPath = join(resourcesDir(target.executablePath), 'app-update.yml');
  if (!existsSync(configPath))
    throw new Error(`${configPath} is missing: no publish configuration`);
  const shipped = readFileSync(configPath, 'utf8');
  writeFileSync(configPath, shipped.replace(/^url: .*$/m, `url: ${url}`));
  restoreConfig = () => writeFileSync(configPath, shipped);

  userData = mkdtempSync(join(tmpdir(), 'paydesk-update-smoke-'));
  app = await electron.launch({
    executablePath: target.executablePath,
    args: [`--user-data-dir=${userData}`],
    cwd: repoRoot,
  });
});

test.afterEach(async () => {
  await app?.close();
  restoreConfig();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  if (userData) rmSync(userData, { recursive: true, force: true });
});

test('finds, downloads and verifies an update from a local generic server', async () => {
  const page = await app.firstWindow();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const about = page.getByRole('region', { name: 'About Paydesk' });
  await about.scrollIntoViewIfNeeded();
  // The first look runs 15 s after start; the download follows in the background.
  const state = about.locator('.about-state dd');
  await expect(state).toContainText('99.0.0', { timeout: 60_000 });
  // Windows: the installer carries the publisher app-update.yml names (or, unsigned, none),
  // so it is ready. macOS: Squirrel.Mac compares code signatures; an unsigned e2e build may
  // be refused, which About must then say.
  await expect(async () => {
    const ready = await state.textContent();
    const refused = await about
      .locator('.about-error')
      .textContent()
      .catch(() => null);
    expect(
      ready?.includes('is ready') || (platform === 'mac' && refused?.includes('refused')),
    ).toBe(true);
  }).toPass({ timeout: 120_000 });
  // Held on its version, the counter does not install the download when the test quits it
  // (electron-updater would otherwise run the installer at quit on the runner).
  const hold = about.getByRole('checkbox', { name: /Keep this counter on version/ });
  await hold.click();
  await expect(hold).toBeChecked();
  // The counter keeps working: the sale screen is one click away.
  await page.getByRole('button', { name: 'Sale', exact: true }).click();
  await expect(page.getByLabel('Amount')).toBeVisible();
});
