import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../main/core/ports';
import {
  createUpdateController,
  type UpdateController,
} from '../../main/core/updates/update-controller';
import { electronUpdaterPort } from '../../main/electron/auto-update';

vi.mock('electron', () => import('./support/fake-electron'));

/**
 * electron-updater itself (its Windows updater, the one whose staging, checksum and
 * signature rules apply to our counters) against a generic update server on loopback, as
 * our publish configuration sets it up, through the shell's wiring into the core's
 * controller. Only what this Linux machine cannot do is stood in: Electron's app object
 * (electron-updater's AppAdapter), its network stack (Node's HTTP, which electron-updater's
 * own tests use), and the Authenticode check PowerShell runs on Windows.
 */
const require = createRequire(import.meta.url);
const { NsisUpdater } = require('electron-updater') as typeof import('electron-updater');
type RequestCallback = (response: IncomingMessage) => void;
const { ElectronHttpExecutor } = require('electron-updater/out/electronHttpExecutor') as {
  ElectronHttpExecutor: new () => {
    createRequest(options: RequestOptions, callback: RequestCallback): ClientRequest;
  };
};

/** electron-updater's own executor (downloads, checksums, redirects) over Node's HTTP. */
class NodeNetExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: RequestCallback) {
    return request(options, callback);
  }
}

const installer = Buffer.from('stand-in installer of Paydesk 0.2.0');
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** A staging id as electron-updater stores it; its last 4 bytes place the counter in a rollout. */
const stagingId = (last: string) => `1b2c3d4e-5f60-4a7b-8c9d-0e1f${last}`;
const nearStart = stagingId('00000010'); // about 0% of the way through the rollout
const nearEnd = stagingId('fffffff0'); // about 100%

let root: string;
let server: Server;
let feed: string;
let served: { stagingPercentage?: number; body: Buffer };
let controller: UpdateController;
const refusals: (string | null)[] = [];
const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

function latestYml(): string {
  return [
    'version: 0.2.0',
    'files:',
    '  - url: Paydesk-0.2.0-win-x64.exe',
    `    sha512: ${sha512(installer)}`,
    `    size: ${installer.length}`,
    'path: Paydesk-0.2.0-win-x64.exe',
    `sha512: ${sha512(installer)}`,
    "releaseDate: '2026-11-27T00:00:00.000Z'",
    ...(served.stagingPercentage === undefined
      ? []
      : [`stagingPercentage: ${served.stagingPercentage}`]),
  ].join('\n');
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'paydesk-update-feed-'));
  served = { body: installer };
  server = createServer((request, response) => {
    if (request.url?.startsWith('/latest.yml')) return void response.end(latestYml());
    if (request.url?.startsWith('/Paydesk-0.2.0-win-x64.exe') && !request.url.endsWith('.blockmap'))
      return void response.end(served.body);
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  refusals.length = 0;
});

afterEach(async () => {
  controller?.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/**
 * electron-updater's NsisUpdater for an installed Paydesk 0.1.0 whose app-update.yml is
 * what electron-builder writes from our first publish entry, pointed at `url`.
 */
function installedPaydesk(options: { url: string; staging: string; signedBy: string | null }) {
  const userData = join(root, 'userData');
  const config = join(root, 'app-update.yml');
  writeFileSync(
    config,
    [
      'provider: generic',
      `url: ${options.url}`,
      'channel: latest',
      'updaterCacheDirName: paydesk-updater',
      'publisherName:',
      '  - Paydesk Ltd',
    ].join('\n'),
  );
  rmSync(userData, { recursive: true, force: true });
  require('node:fs').mkdirSync(userData, { recursive: true });
  writeFileSync(join(userData, '.updaterId'), options.staging);
  const updater = new NsisUpdater(null, {
    version: '0.1.0',
    name: 'Paydesk',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: userData,
    baseCachePath: join(root, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  Object.assign(updater, {
    httpExecutor: new NodeNetExecutor(),
    _testOnlyOptions: { platform: 'win32' },
  });
  // Windows' Authenticode check (PowerShell): signed by our publisher, or by someone else.
  updater.verifyUpdateCodeSignature = async (publishers) =>
    options.signedBy !== null && publishers.includes(options.signedBy)
      ? null
      : `signed by ${options.signedBy ?? 'nobody'}, not by ${publishers.join(', ')}`;
  updater.disableDifferentialDownload = true;
  const port = electronUpdaterPort(updater as unknown as AppUpdater, quiet);
  controller = createUpdateController({
    version: '0.1.0',
    updater: port,
    busy: () => [],
    held: () => false,
    now: () => Date.now(),
    logger: quiet,
    refused: (version) => refusals.push(version),
    onStatus: () => undefined,
    timing: { firstMs: 3_600_000, everyMs: 3_600_000 },
  });
  return port;
}

const settled = (phases: string[]) =>
  vi.waitFor(
    () => {
      const { phase, lastError } = controller.status();
      expect(lastError ? 'error' : phase).toSatisfy((seen: string) => phases.includes(seen));
    },
    { timeout: 15_000 },
  );

describe('an update from a generic server, through electron-updater', () => {
  it('honours a staged rollout: a counter outside the percentage is not offered it', async () => {
    served.stagingPercentage = 10;
    installedPaydesk({ url: feed, staging: nearEnd, signedBy: 'Paydesk Ltd' }).check();
    await settled(['up-to-date']);
    expect(controller.status()).toMatchObject({ available: null, lastError: null });
  });

  it('downloads it for a counter inside the percentage, checked against latest.yml', async () => {
    served.stagingPercentage = 10;
    installedPaydesk({ url: feed, staging: nearStart, signedBy: 'Paydesk Ltd' }).check();
    await settled(['ready']);
    expect(controller.status()).toMatchObject({
      phase: 'ready',
      available: { version: '0.2.0', percent: 100 },
      lastError: null,
    });
  });

  it('refuses an installer signed by another publisher and reports it', async () => {
    installedPaydesk({ url: feed, staging: nearStart, signedBy: 'Someone Else' }).check();
    await settled(['error']);
    expect(controller.status()).toMatchObject({
      phase: 'available',
      lastError: { code: 'signature-refused' },
    });
    expect(refusals).toEqual(['0.2.0']);
  });

  it('calls a download that does not match its checksum broken, installs nothing', async () => {
    served.body = Buffer.from('a tampered or truncated installer');
    installedPaydesk({ url: feed, staging: nearStart, signedBy: 'Paydesk Ltd' }).check();
    await settled(['error']);
    expect(controller.status()).toMatchObject({
      phase: 'available',
      lastError: { code: 'download-broken' },
    });
  });

  it('says the server could not be reached when nothing answers', async () => {
    const closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    installedPaydesk({ url: closed, staging: nearStart, signedBy: 'Paydesk Ltd' }).check();
    await settled(['error']);
    expect(controller.status()).toMatchObject({ phase: 'idle', lastError: { code: 'offline' } });
  });
});
