import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import electronUpdater, { type AppUpdater } from 'electron-updater';
import type { Logger } from '../core/ports';
import { releaseOf } from '../core/updates/release-info';
import type { UpdaterPort } from '../core/updates/update-controller';
import { updateErrorOf } from '../core/updates/update-errors';

/**
 * electron-updater behind the core's UpdaterPort: its events become the core's signals, and
 * the core (updates/) decides when anything installs. Signature checks are electron-updater's
 * own and are never replaced here: on Windows the downloaded installer must carry the
 * publisher name electron-builder wrote into app-update.yml from our certificate; on macOS
 * Squirrel.Mac refuses an app whose code signature does not match the running one. Staged
 * rollout is electron-updater's too (`stagingPercentage` in latest.yml against this
 * counter's stored id), so nothing here overrides `isUserWithinRollout`.
 */
export function electronUpdaterPort(updater: AppUpdater, logger: Logger): UpdaterPort {
  // Its lines go through the redacting logger into paydesk.log, like everything else.
  updater.logger = {
    info: (message?: unknown) => logger.info('updater', { message: String(message) }),
    warn: (message?: unknown) => logger.warn('updater', { message: String(message) }),
    error: (message?: unknown) => logger.error('updater', { message: String(message) }),
  };
  // Rolling back is publishing the previous version with a higher number, never a downgrade.
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
  return {
    channel: updater.channel ?? 'latest',
    connect(onSignal) {
      updater.on('checking-for-update', () => onSignal({ kind: 'checking' }));
      updater.on('update-available', (info: unknown) =>
        onSignal({ kind: 'available', ...releaseOf(info) }),
      );
      updater.on('update-not-available', () => onSignal({ kind: 'not-available' }));
      updater.on('download-progress', (progress: { percent: number }) =>
        onSignal({ kind: 'progress', percent: progress.percent }),
      );
      updater.on('update-downloaded', (info: unknown) =>
        onSignal({ kind: 'downloaded', ...releaseOf(info) }),
      );
      updater.on('error', (error: Error) =>
        onSignal({
          kind: 'error',
          error: updateErrorOf(error),
          detail: (error.message.split('\n')[0] ?? '').slice(0, 300),
        }),
      );
    },
    check() {
      // Failures arrive as its 'error' event; the promises are settled here so none is left
      // unhandled (the background download's included).
      updater
        .checkForUpdates()
        .then((result) => result?.downloadPromise?.catch(() => undefined))
        .catch(() => undefined);
    },
    setAutomatic(on) {
      updater.autoDownload = on;
      updater.autoInstallOnAppQuit = on;
    },
    installNow() {
      // Not silent: on Windows the installer shows its progress; Paydesk starts again after.
      updater.quitAndInstall(false, true);
    },
  };
}

/**
 * The updater of an installed Paydesk, or null: a development run, or a build without
 * electron-builder's app-update.yml (no `publish` configuration), has nothing to update from.
 * An updater that cannot start leaves the counter working, and About says updates are off.
 */
export function startUpdater(logger: Logger): UpdaterPort | null {
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (!app.isPackaged || !resources || !existsSync(join(resources, 'app-update.yml'))) return null;
  try {
    return electronUpdaterPort(electronUpdater.autoUpdater, logger);
  } catch (error) {
    logger.warn('updater did not start', { error: String(error) });
    return null;
  }
}
