import { join } from 'node:path';
import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import type { SaveTarget } from '../core/ports';

const filters = {
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
  csv: [{ name: 'CSV', extensions: ['csv'] }],
};

/**
 * Where the dialog starts, best first. app.getPath throws when the OS cannot resolve a folder
 * (a redirected or deleted Documents on Windows), so each is asked only when a dialog opens,
 * and the app's own data folder, which Electron always has, ends the list.
 */
const startFolders = ['documents', 'home', 'userData'] as const;

function startFolder(): string | null {
  for (const name of startFolders) {
    try {
      return app.getPath(name);
    } catch {
      // The next folder of the list.
    }
  }
  return null;
}

/** The OS save dialog, attached to the main window, starting in Documents when it exists. */
export function createSaveDialogTarget(options: {
  parent: () => BrowserWindow | null;
}): SaveTarget {
  return {
    async choosePath({ defaultName, kind }) {
      const folder = startFolder();
      const dialogOptions: SaveDialogOptions = {
        defaultPath: folder === null ? defaultName : join(folder, defaultName),
        filters: filters[kind],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const parent = options.parent();
      const result =
        parent && !parent.isDestroyed()
          ? await dialog.showSaveDialog(parent, dialogOptions)
          : await dialog.showSaveDialog(dialogOptions);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
