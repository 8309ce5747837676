import { join } from 'node:path';
import { dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import type { SaveTarget } from '../core/ports';

const filters = {
  pdf: [{ name: 'PDF', extensions: ['pdf'] }],
  csv: [{ name: 'CSV', extensions: ['csv'] }],
};

/** The OS save dialog, attached to the main window, starting in Documents. */
export function createSaveDialogTarget(options: {
  parent: () => BrowserWindow | null;
  documentsDir: string;
}): SaveTarget {
  return {
    async choosePath({ defaultName, kind }) {
      const dialogOptions: SaveDialogOptions = {
        defaultPath: join(options.documentsDir, defaultName),
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
