import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ipcEvents, type IpcEventName, type Settings } from '../../shared/ipc';
import { createCore } from '../core/app/create-core';
import { type Core, type CoreAdapters } from '../core/app/core-adapters';
import type { Sandbox, SandboxOptions } from '../core/sandbox';
import { defaultSettings } from '../core/settings/defaults';
import { createChromiumReceiptOutput, type HostPrintJob } from './chromium-receipt-output';
import { chromiumLaunchOptions } from './chromium';
import { createControllableClock, type ControllableClock } from './controllable-clock';
import { nodeCoreAdapters } from './node-adapters';
import { pageBridgeScript } from './page-bridge-bundle';
import { pagePermissions } from './page-permissions';
import { createPlaywrightChallengeRunner } from './playwright-challenge-runner';
import { savedFolderTarget } from './saved-folder-target';
import { serveDirectory } from './static-server';

export type { ControllableClock } from './controllable-clock';

export interface HostOptions {
  language?: Settings['language'];
  environment?: Settings['environment'];
  /** Any other settings to start with (written to the settings file before start). */
  settings?: Partial<Settings>;
  viewport?: { width: number; height: number };
  /** Shared by engine, sandbox and challenge deadline; `advance` jumps all three. */
  clock?: ControllableClock;
  /** Training sandbox options (latency, snippet encoding, …); faults via `host.sandbox`. */
  sandbox?: Omit<SandboxOptions, 'clock' | 'logger'>;
  engine?: CoreAdapters['engine'];
  /** False plays Linux's plain-text-only secret store. */
  secureStorageAvailable?: boolean;
  /** Reuse a data directory (journals, settings, log) across launches; kept on close. */
  dataDir?: string;
  /** 'blank' serves an empty page instead of the built renderer (shell-only tests). */
  renderer?: 'built' | 'blank';
  /** False opens real windows for a person (`npm run preview`); tests run headless. */
  headless?: boolean;
  /** Extra Chromium flags (the preview's DevTools port). */
  browserArgs?: string[];
  /**
   * Live mode's gateway: this sandbox (shared by several hosts) instead of Settings' real
   * one, so hosts in a store take live sales that replicate (CoreAdapters.liveSandbox).
   */
  liveSandbox?: Sandbox;
}

export interface Host {
  page: Page;
  browser: Browser;
  core: Core;
  sandbox: Sandbox;
  sandboxUrl: string;
  clock: ControllableClock;
  dataDir: string;
  /** Where "save" dialogs put files (CSV exports, receipt PDFs). */
  savedDir: string;
  printJobs: HostPrintJob[];
  /** JSON-lines log the core wrote (already redacted), for card-hygiene checks. */
  logPath: string;
  /** The renderer's loopback origin. */
  origin: string;
  /** The next challenge page, to type the one-time code into the issuer page. */
  nextChallenge(): Promise<Page>;
  close(): Promise<void>;
}

/** How long a test waits for the engine to open a challenge before it fails by name. */
const challengeWaitMs = 20_000;

const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url));

function rendererRoot(kind: 'built' | 'blank', dataDir: string): string {
  if (kind === 'blank') {
    const dir = join(dataDir, 'blank-renderer');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Paydesk host</title>');
    return dir;
  }
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(
      'The browser host serves the built renderer from out/renderer, which is missing: run `npx electron-vite build` first.',
    );
  }
  return rendererDir;
}

function writeInitialSettings(path: string, options: HostOptions): void {
  const patch = {
    ...options.settings,
    ...(options.language ? { language: options.language } : {}),
    ...(options.environment ? { environment: options.environment } : {}),
  };
  if (Object.keys(patch).length === 0) return;
  const existing = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
    : {};
  const settings = { ...defaultSettings, ...(existing.settings as object | undefined), ...patch };
  writeFileSync(path, JSON.stringify({ ...existing, settings }));
}

/**
 * The whole app minus Electron (docs/design.md §7): the real core (journals in a temp
 * dir, the real sandbox, in-memory secrets) behind the very IPC router main uses, bound to a
 * real Chromium page serving the built renderer, with `window.paydesk` built by the preload's
 * own builder, main's events pushed into the page, and challenges run on Playwright pages
 * (each a second window when headed). The e2e tests and `npm run preview` both run on it.
 */
export async function launchBrowserHost(options: HostOptions = {}): Promise<Host> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-host-'));
  const savedDir = join(dataDir, 'saved');
  mkdirSync(savedDir, { recursive: true });
  const clock = options.clock ?? createControllableClock();
  const settingsPath = join(dataDir, 'settings.json');
  writeInitialSettings(settingsPath, options);

  const server = await serveDirectory(rendererRoot(options.renderer ?? 'built', dataDir));
  const headless = options.headless ?? true;
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    headless,
    // The host's owner stops it (the preview on Ctrl+C, closing journals first); Playwright's
    // own handlers would kill the browser and exit 130 under it.
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [
      ...(chromiumLaunchOptions.args ?? []),
      ...(headless ? [] : ['--window-size=1280,800']),
      ...(options.browserArgs ?? []),
    ],
  });
  const challengePages: Page[] = [];
  const challengeWaiters: ((page: Page) => void)[] = [];
  const receipts = createChromiumReceiptOutput(browser, savedDir);

  const core = await createCore(
    nodeCoreAdapters({
      dataDir,
      clock,
      createChallengeRunner: ({ allowedHttpOrigin }) =>
        createPlaywrightChallengeRunner({
          browser,
          clock,
          allowedHttpOrigin,
          onChallengePage: (page) => {
            const waiter = challengeWaiters.shift();
            if (waiter) waiter(page);
            else challengePages.push(page);
          },
        }),
      receipts: receipts.output,
      files: savedFolderTarget(savedDir),
      trustedOrigin: server.origin,
      sandbox: options.sandbox,
      engine: options.engine,
      secureStorageAvailable: options.secureStorageAvailable,
      liveSandbox: options.liveSandbox,
    }),
  );

  const context = await browser.newContext({
    // A person's window keeps the size they drag it to; tests pin theirs.
    viewport: headless ? (options.viewport ?? { width: 1280, height: 800 }) : null,
    locale: options.language === 'ar' ? 'ar' : 'en-US',
  });
  // The page gets what the Electron shell grants our renderer and nothing else (a granted
  // list denies the rest), so a permission the app refuses fails here too.
  await context.grantPermissions(pagePermissions(), {
    origin: server.origin,
  });
  await context.exposeBinding('__paydeskInvoke', (source, channel: unknown, payload: unknown) =>
    core.router.dispatch(channel, payload, {
      frameUrl: source.frame.url(),
      isMainFrame: source.frame === source.page.mainFrame(),
    }),
  );
  await context.addInitScript({ content: await pageBridgeScript() });
  const page = await context.newPage();
  for (const name of Object.keys(ipcEvents) as IpcEventName[]) {
    core.events.on(name, (payload) => {
      page
        .evaluate(
          ([channel, body]) =>
            (
              window as unknown as { __paydeskDeliver(c: string, p: unknown): void }
            ).__paydeskDeliver(channel, body),
          [ipcEvents[name].channel, payload] as const,
        )
        .catch(() => undefined);
    });
  }
  await page.goto(`${server.origin}/`);

  let closing: Promise<void> | null = null;
  return {
    page,
    browser,
    core,
    sandbox: core.sandbox,
    sandboxUrl: core.sandbox.url,
    origin: server.origin,
    clock,
    dataDir,
    savedDir,
    printJobs: receipts.jobs,
    logPath: join(dataDir, 'paydesk.log'),
    nextChallenge: () => {
      const ready = challengePages.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          challengeWaiters.splice(challengeWaiters.indexOf(waiter), 1);
          reject(new Error(`No challenge page opened within ${challengeWaitMs} ms.`));
        }, challengeWaitMs);
        const waiter = (page: Page) => {
          clearTimeout(timer);
          resolve(page);
        };
        challengeWaiters.push(waiter);
      });
    },
    // Once: a test runner may run its cleanup again after a failure, and the core's
    // databases close only once.
    close() {
      closing ??= (async () => {
        await browser.close();
        await core.close();
        await server.close();
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
