import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { ipcMain } from 'electron';
import Store from 'electron-store';
import { err, ok } from '../../shared/result';
import type { SettingsStorage, StoredSettings } from '../core/settings/settings-storage';

type RawStore = Record<string, unknown>;

const isSyntaxError = (error: unknown) => error instanceof Error && error.name === 'SyntaxError';

/**
 * Settings in `settings.json` under `cwd` (the app's userData) through electron-store. The
 * store does no validation of its own: main/core/settings validates every read. A file that
 * is not JSON makes electron-store throw; it is moved aside (kept for support as
 * `settings.json.corrupt-<time>`) and reported once as `unreadable`, so the app starts on
 * defaults with a warning instead of crashing.
 */
export function createElectronSettingsStorage(options: {
  cwd: string;
  now: () => number;
}): SettingsStorage {
  const open = () =>
    new Store<RawStore>({ name: 'settings', cwd: options.cwd, clearInvalidConfig: false });
  let setAside = false;
  const moveAside = (path: string) => {
    renameSync(path, `${path}.corrupt-${options.now()}`);
    setAside = true;
  };

  let store: Store<RawStore>;
  try {
    store = open();
  } catch (error) {
    if (!isSyntaxError(error)) throw error;
    moveAside(join(options.cwd, 'settings.json'));
    store = open();
  }
  // electron-store's constructor answers 'electron-store-get-data' on ipcMain for its
  // renderer-side API, which we do not use: a channel outside the IPC contract and its
  // sender check. Only the contract's channels may answer a renderer.
  ipcMain.removeAllListeners('electron-store-get-data');

  return {
    read() {
      if (setAside) {
        setAside = false;
        return err('unreadable');
      }
      try {
        return ok(store.store);
      } catch (error) {
        if (!isSyntaxError(error)) return err('unreadable');
        moveAside(store.path);
        setAside = false;
        return err('unreadable');
      }
    },
    write(value: StoredSettings) {
      store.store = { settings: value.settings, credentials: value.credentials };
    },
  };
}
