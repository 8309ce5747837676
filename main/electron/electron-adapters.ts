import { app, session, type BrowserWindow } from 'electron';
import type { CoreAdapters } from '../core/app/core-adapters';
import type { ReaderThreadEntry } from '../core/reader/journal-reader';
import { randomIds, systemClock } from '../core/app/system-adapters';
import { createLogger } from '../core/logging/redacting-logger';
import { createTrustedSenderCheck } from '../core/ipc/trusted-sender';
import type { Logger } from '../core/ports';
import type { ChallengePresence } from './challenge-presence';
import { createElectronChallengeRunner } from './challenge-runner';
import { challengeTitle } from './shell-texts';
import type { Settings } from '../../shared/ipc';

type Language = Settings['language'];
import { createElectronReceiptOutput } from './printing';
import type { RendererSource } from './renderer-source';
import { createSaveDialogTarget } from './save-dialog';
import { createSafeStorageCipher } from './secret-cipher';
import { createElectronSettingsStorage } from './settings-store';
import { chromiumNetworkRoute } from './system-proxy';

/**
 * The core's outside world under Electron: userData for journals and settings, safeStorage
 * for the password, windows for 3-D Secure, Chromium printing, native save dialogs, and the
 * system's proxy and trusted certificates for gateway traffic.
 */
export function createElectronAdapters(options: {
  mainWindow: () => BrowserWindow | null;
  renderer: RendererSource;
  logSink: Logger;
  readerThread: ReaderThreadEntry;
  challenges: ChallengePresence;
  /** The operator's language for the windows main opens (Settings once the core runs). */
  language: () => Language;
}): CoreAdapters {
  const { mainWindow } = options;
  const userData = app.getPath('userData');
  const logger = createLogger(options.logSink);
  return {
    dataDir: userData,
    clock: systemClock,
    ids: randomIds,
    logSink: options.logSink,
    settingsStorage: createElectronSettingsStorage({ cwd: userData, now: systemClock.now }),
    secretCipher: createSafeStorageCipher(),
    createChallengeRunner: ({ allowedHttpOrigin }) =>
      createElectronChallengeRunner({
        parent: mainWindow,
        allowedHttpOrigin,
        presence: options.challenges,
        title: () => challengeTitle(options.language()),
        clock: systemClock,
        logger,
      }),
    receipts: createElectronReceiptOutput(() => mainWindow()?.webContents ?? null),
    files: createSaveDialogTarget({ parent: mainWindow }),
    isTrustedSender: createTrustedSenderCheck(options.renderer.location),
    app: { version: app.getVersion(), platform: process.platform },
    readerThread: options.readerThread,
    network: chromiumNetworkRoute(session.defaultSession),
  };
}
