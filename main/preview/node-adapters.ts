import { sourceStoreEntry } from '../core/store/store-thread-source';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChallengeContext, CoreAdapters } from '../core/app/core-adapters';
import type { SaveTarget, ChallengeRunner, Clock } from '../core/ports';
import { randomIds } from '../core/app/system-adapters';
import { createTrustedSenderCheck } from '../core/ipc/trusted-sender';
import { sourceReaderEntry } from '../core/reader/reader-thread-source';
import { createLineSink } from '../core/logging/line-sink';
import type { ReceiptOutput } from '../core/receipts/receipt-output';
import { startSandbox, type SandboxOptions } from '../core/sandbox';
import { createJsonFileSettingsStorage } from './json-file-settings-storage';
import { createMemoryCipher } from './memory-cipher';
import { packageVersion } from './package-version';

export interface NodeAdapterOptions {
  dataDir: string;
  clock: Clock;
  createChallengeRunner: (context: ChallengeContext) => ChallengeRunner;
  receipts: ReceiptOutput;
  files: SaveTarget;
  /** Origin of the page allowed to call the router. */
  trustedOrigin: string;
  sandbox?: Omit<SandboxOptions, 'clock' | 'logger'>;
  engine?: CoreAdapters['engine'];
  secureStorageAvailable?: boolean;
  /** Live mode on this loopback sandbox (CoreAdapters.liveSandbox): the store e2e's hosts. */
  liveSandbox?: CoreAdapters['liveSandbox'];
}

/**
 * The core's outside world in plain Node: journals, settings file and JSON-lines log in
 * `dataDir` (settings.json, paydesk.log), AES in memory for the password, the real sandbox.
 * The Chromium host and the Node integration tests build their cores from this.
 */
export function nodeCoreAdapters(options: NodeAdapterOptions): CoreAdapters {
  const logPath = join(options.dataDir, 'paydesk.log');
  return {
    dataDir: options.dataDir,
    clock: options.clock,
    ids: randomIds,
    logSink: createLineSink((line) => appendFileSync(logPath, line), options.clock.now),
    settingsStorage: createJsonFileSettingsStorage(join(options.dataDir, 'settings.json')),
    secretCipher: createMemoryCipher({ available: options.secureStorageAvailable ?? true }),
    createChallengeRunner: options.createChallengeRunner,
    receipts: options.receipts,
    files: options.files,
    isTrustedSender: createTrustedSenderCheck({ kind: 'origin', origin: options.trustedOrigin }),
    app: { version: packageVersion(), platform: process.platform },
    startTrainingGateway: (deps) => startSandbox({ ...options.sandbox, ...deps }),
    engine: options.engine,
    readerThread: sourceReaderEntry,
    storeThread: sourceStoreEntry,
    liveSandbox: options.liveSandbox,
  };
}
