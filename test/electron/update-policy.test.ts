import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { AppUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../shared/ipc-updates';
import { createCore } from '../../main/core/app/create-core';
import type { Core, CoreAdapters } from '../../main/core/app/core-adapters';
import type { ChallengeOutcome, ChallengeRunner, Logger } from '../../main/core/ports';
import { testCards } from '../../main/core/sandbox';
import { createControllableClock } from '../../main/preview/controllable-clock';
import { nodeCoreAdapters } from '../../main/preview/node-adapters';
import { electronUpdaterPort } from '../../main/electron/auto-update';
import { startupFailure } from '../../main/electron/shell-texts';
import { coreIpc, frictionlessSale, noChallenge, testOrigin } from '../support/test-core';

vi.mock('electron', () => import('./support/fake-electron'));

/**
 * The update policy of the core through the shell's electron-updater wiring: an
 * EventEmitter stands in for electron-updater's autoUpdater (the Electron-side object), and
 * emits the events electron-updater emits, with the payloads it carries; everything behind
 * it is the real core over the real Training sandbox and real SQLite files.
 */
class StandInAutoUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  allowPrerelease = true;
  channel: string | null = null;
  logger: unknown = null;
  checks = 0;
  readonly installs: [boolean, boolean][] = [];
  checkForUpdates() {
    this.checks += 1;
    return Promise.resolve(null);
  }
  quitAndInstall(isSilent: boolean, isForceRunAfter: boolean) {
    this.installs.push([isSilent, isForceRunAfter]);
  }
}

/** The update info electron-updater passes with its events (latest.yml, parsed). */
const release = (version: string, critical?: string) => ({
  version,
  files: [{ url: `Paydesk-${version}-win-x64.exe`, sha512: 'x', size: 1 }],
  path: `Paydesk-${version}-win-x64.exe`,
  sha512: 'x',
  releaseDate: '2026-11-27T00:00:00.000Z',
  ...(critical ? { vendor: { critical } } : {}),
});

/** electron-updater's own error for a download whose signature is not the app's. */
function signatureRefused(version: string): Error {
  const error = new Error(
    `New version ${version} is not signed by the application owner: publisherNames: Paydesk Ltd`,
  );
  return Object.assign(error, { code: 'ERR_UPDATER_INVALID_SIGNATURE' });
}

const systemError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** A challenge the test ends when it chooses: the customer's window stays open until then. */
function heldChallenge() {
  let end: (outcome: ChallengeOutcome) => void = () => undefined;
  let opened: () => void = () => undefined;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const runner: ChallengeRunner = {
    ...noChallenge,
    runChallenge: () =>
      new Promise<ChallengeOutcome>((resolve) => {
        end = resolve;
        opened();
      }),
  };
  return { runner, open, close: () => end({ kind: 'cancelled' }) };
}

const challengeCard = testCards.find((card) => card.outcome === 'challenge')!;
const quietLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dataDir: string;
let core: Core;
/** False once a test closed the core itself (a failed start leaves none open). */
let open = false;
let updater: StandInAutoUpdater;
let challenge: ReturnType<typeof heldChallenge>;
let adapters: CoreAdapters;
const statuses: UpdateStatus[] = [];

function adaptersFor(version: string): CoreAdapters {
  const base = nodeCoreAdapters({
    dataDir,
    clock: createControllableClock(),
    createChallengeRunner: () => challenge.runner,
    receipts: {
      printers: async () => [],
      print: async () => true,
      pdf: async () => new Uint8Array(),
    },
    files: { choosePath: async ({ defaultName }) => join(dataDir, defaultName) },
    trustedOrigin: testOrigin,
  });
  return {
    ...base,
    // The same OS key across restarts of one counter, as safeStorage keeps it.
    secretCipher: adapters?.secretCipher ?? base.secretCipher,
    app: { ...base.app, version },
    updater: electronUpdaterPort(updater as unknown as AppUpdater, quietLog),
    updateTiming: { firstMs: 1, everyMs: 3_600_000 },
  };
}

async function start(version = '0.1.0') {
  adapters = adaptersFor(version);
  core = await createCore(adapters);
  open = true;
  core.events.on('updateStatusChanged', (status) => statuses.push(status));
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-updates-'));
  updater = new StandInAutoUpdater();
  challenge = heldChallenge();
  statuses.length = 0;
  await start();
});

afterEach(async () => {
  challenge.close();
  if (open) await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { call, value } = coreIpc(() => core);
const auditOf = (event: string) =>
  core.security.audit
    .search({ beforeSeq: null, limit: 500 })
    .filter((row) => row.event === event)
    .reverse();

const challengeSale = (reference: string) => {
  const sale = frictionlessSale(reference);
  return { ...sale, card: { ...sale.card, number: challengeCard.number } };
};

/** A sale whose Pay answer is lost and whose order cannot be read: in doubt. */
async function payInDoubt(reference: string) {
  core.sandbox.faults.losePayAnswer(1);
  core.sandbox.faults.failNext('order', 1_000, 503);
  expect((await value('salePay', frictionlessSale(reference))).outcome).toBe('in-doubt');
}

function downloaded(version: string, critical?: string) {
  updater.emit('update-available', release(version, critical));
  updater.emit('download-progress', { percent: 42.4, bytesPerSecond: 1, total: 2, transferred: 1 });
  updater.emit('update-downloaded', { ...release(version, critical), downloadedFile: '/tmp/x' });
}

describe('when an update installs: the core decides, never the updater', () => {
  it('downloads in the background, installs at quit, and restarts an idle counter when a supervisor chooses it', async () => {
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    // electron-updater downloads by itself and installs at quit; the core left both on.
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([true, true]);
    expect(updater.allowDowngrade).toBe(false);
    updater.emit('checking-for-update');
    updater.emit('update-available', release('0.2.0'));
    updater.emit('download-progress', {
      percent: 42.4,
      bytesPerSecond: 1,
      total: 2,
      transferred: 1,
    });
    expect(core.updates.status()).toMatchObject({
      phase: 'downloading',
      available: { version: '0.2.0', critical: null, percent: 42 },
      lastCheckAt: expect.any(Number),
    });
    updater.emit('update-downloaded', release('0.2.0'));
    expect(statuses.at(-1)).toMatchObject({ phase: 'ready', busy: [], ask: false });

    expect(await value('updateRestart', {})).toEqual({ restarting: true, busy: [] });
    expect(updater.installs).toEqual([[false, true]]);
    expect(auditOf('update-restart').map((row) => row.detail)).toEqual(['from=0.1.0 to=0.2.0']);
  });

  it('never restarts during a sale with the customer verification open, and does once it ended', async () => {
    downloaded('0.2.0');
    const sale = value('salePay', challengeSale('UPD-SALE-1'));
    await challenge.open;
    expect(core.updates.status().busy).toEqual(['payment', 'challenge']);
    expect(await value('updateRestart', {})).toEqual({
      restarting: false,
      busy: ['payment', 'challenge'],
    });
    expect(updater.installs).toEqual([]);
    expect(auditOf('update-restart').map((row) => row.detail)).toEqual([
      'not restarted: waits for payment,challenge',
    ]);

    challenge.close();
    expect((await sale).outcome).toBe('cancelled');
    expect(core.updates.status().busy).toEqual([]);
    expect(await value('updateRestart', {})).toMatchObject({ restarting: true });
    expect(updater.installs).toHaveLength(1);
  });

  it('never restarts while a payment awaits bank confirmation', async () => {
    await payInDoubt('UPD-DOUBT-1');
    downloaded('0.2.0');
    expect(statuses.at(-1)).toMatchObject({ phase: 'ready', busy: ['in-doubt'] });
    expect(await value('updateRestart', {})).toEqual({ restarting: false, busy: ['in-doubt'] });
    expect(updater.installs).toEqual([]);
  });

  it('asks for a critical update at the next idle moment, saying why', async () => {
    const sale = value('salePay', challengeSale('UPD-CRIT-1'));
    await challenge.open;
    downloaded('0.2.1', 'security');
    // Busy with the customer's verification: no question yet.
    expect(statuses.at(-1)).toMatchObject({
      phase: 'ready',
      ask: false,
      available: { version: '0.2.1', critical: 'security' },
    });
    challenge.close();
    await sale;
    // The next second's tick finds the counter idle and asks.
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ ask: true, busy: [] }), {
      timeout: 5_000,
    });
    expect(updater.installs).toEqual([]);
  });

  it('an update marked with an unknown reason is not critical', async () => {
    downloaded('0.2.2', 'because');
    expect(core.updates.status()).toMatchObject({ ask: false, available: { critical: null } });
  });

  it('refuses an update not signed like the app: reported in About, the log and the audit trail, never installed', async () => {
    updater.emit('update-available', release('0.3.0'));
    updater.emit('error', signatureRefused('0.3.0'));
    expect(core.updates.status()).toMatchObject({
      phase: 'available',
      lastError: { code: 'signature-refused', at: expect.any(Number) },
      available: { version: '0.3.0' },
    });
    expect(auditOf('update-refused')).toEqual([
      expect.objectContaining({
        subject: '0.3.0',
        detail: expect.stringContaining('is not signed by the application owner'),
      }),
    ]);
    expect(await value('updateRestart', {})).toEqual({ restarting: false, busy: [] });
    expect(updater.installs).toEqual([]);
  });

  it('keeps selling with no update server, a broken download or a full disk, and says which', async () => {
    updater.emit('checking-for-update');
    updater.emit('error', systemError('ENOTFOUND', 'getaddrinfo ENOTFOUND updates.paydesk.com'));
    expect(core.updates.status()).toMatchObject({ phase: 'idle', lastError: { code: 'offline' } });
    expect((await value('salePay', frictionlessSale('UPD-OFF-1'))).outcome).toBe('paid');

    updater.emit('update-available', release('0.2.0'));
    updater.emit(
      'error',
      systemError('ERR_CHECKSUM_MISMATCH', 'sha512 checksum mismatch, expected a, got b'),
    );
    expect(core.updates.status()).toMatchObject({
      phase: 'available',
      lastError: { code: 'download-broken' },
    });
    updater.emit('update-available', release('0.2.0'));
    updater.emit('error', systemError('ENOSPC', 'ENOSPC: no space left on device, write'));
    expect(core.updates.status().lastError?.code).toBe('disk-full');
    expect((await value('salePay', frictionlessSale('UPD-OFF-2'))).outcome).toBe('paid');
  });

  it('holds a counter on its version when the merchant says so, audited, and lets it go again', async () => {
    await vi.waitFor(() => expect(updater.checks).toBe(1));
    await value('settingsUpdate', { holdUpdates: true });
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([false, false]);
    expect(auditOf('updates-held').map((row) => row.detail)).toEqual(['version=0.1.0']);
    // Found but not downloaded; and a ready one neither restarts nor asks.
    updater.emit('update-available', release('0.2.0', 'security'));
    expect(core.updates.status()).toMatchObject({ phase: 'available', held: true });
    updater.emit('update-downloaded', release('0.2.0', 'security'));
    expect(core.updates.status()).toMatchObject({ phase: 'ready', ask: false });
    expect(await value('updateRestart', {})).toEqual({ restarting: false, busy: [] });

    await value('settingsUpdate', { holdUpdates: false });
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([true, true]);
    expect(updater.checks).toBe(2);
    expect(auditOf('updates-released')).toHaveLength(1);
    expect(auditOf('settings-changed').map((row) => row.detail)).toEqual([
      'fields=holdUpdates',
      'fields=holdUpdates',
    ]);
  });

  it('lets only a supervisor restart once operators are on', async () => {
    const { permissionTable } = await import('../../main/core/operators/permissions');
    expect(permissionTable.updateRestart.access).toBe('supervisor');
    expect(permissionTable.updateStatus.access).toBe('anyone');
    expect((await call('updateStatus', {})).ok).toBe(true);
  });
});

describe('the first start after an update', () => {
  it('writes the old and the new version to the audit trail, once', async () => {
    expect(auditOf('app-updated')).toEqual([]);
    await core.close();
    await start('0.2.0');
    expect(auditOf('app-updated').map((row) => [row.subject, row.detail])).toEqual([
      ['0.2.0', 'from=0.1.0 to=0.2.0'],
    ]);
    await core.close();
    await start('0.2.0');
    expect(auditOf('app-updated')).toHaveLength(1);
  });

  it('stops a start whose journal migration fails, leaves the journal as it was, and names the log', async () => {
    expect((await value('salePay', frictionlessSale('UPD-MIG-1'))).outcome).toBe('paid');
    await core.close();
    open = false;
    // A journal the previous version left with step 15 still to run, and that step unable
    // to run (a trigger it replaces is gone).
    // Training's journal holds the sale (a fresh install runs in Training mode).
    const path = join(dataDir, 'training-journal.sqlite');
    const tamper = new DatabaseSync(path);
    tamper.exec('DELETE FROM schema_migrations WHERE version = 15');
    tamper.exec('DROP TRIGGER links_insert_to_outbox');
    const before = {
      steps: tamper.prepare('SELECT version FROM schema_migrations ORDER BY version').all(),
      attempts: tamper.prepare('SELECT * FROM attempts ORDER BY attempt_id').all(),
      schema: tamper.prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all(),
    };
    tamper.close();

    const failed = await createCore(adaptersFor('0.2.0')).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toMatchObject({ code: 'journal-migration-failed' });
    expect(String((failed as Error).message)).toContain('Schema step 15');

    const after = new DatabaseSync(path, { readOnly: true });
    expect({
      steps: after.prepare('SELECT version FROM schema_migrations ORDER BY version').all(),
      attempts: after.prepare('SELECT * FROM attempts ORDER BY attempt_id').all(),
      schema: after.prepare('SELECT name, sql FROM sqlite_master ORDER BY name').all(),
    }).toEqual(before);
    expect(before.attempts).toHaveLength(1);
    after.close();
    // The failed start recorded no update: the next start that succeeds reports it.
    expect(JSON.parse(readFileSync(join(dataDir, 'app-version.json'), 'utf8'))).toEqual({
      version: '0.1.0',
    });

    const box = startupFailure('en', failed, '/Users/amal/Library/Logs/Paydesk/paydesk.log');
    expect(box.body).toContain('Nothing was changed');
    expect(box.body).toContain('/Users/amal/Library/Logs/Paydesk/paydesk.log');
    expect(box.body).toContain('Details for support: journal-migration-failed');
    const arabic = startupFailure(
      'ar',
      failed,
      'C:\\Users\\amal\\AppData\\Roaming\\Paydesk\\logs\\paydesk.log',
    );
    expect(arabic.body).toContain(
      '\u2066C:\\Users\\amal\\AppData\\Roaming\\Paydesk\\logs\\paydesk.log\u2069',
    );
  });
});
