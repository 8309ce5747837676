import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserWindow } from 'electron';
import type { RendererLocation } from '../core/ipc/trusted-sender';

/** Where the main window's page comes from, and what the IPC sender check trusts. */
export interface RendererSource {
  location: RendererLocation;
  /** The dev server origin, or null when loading the packaged file. */
  devOrigin: string | null;
  load(window: BrowserWindow): Promise<void>;
}

/**
 * Packaged: out/renderer/index.html beside out/main, loaded with loadFile. In dev,
 * electron-vite sets ELECTRON_RENDERER_URL; it is honoured only when the app is not
 * packaged, so nobody can point an installed Paydesk (and its preload) at another page.
 */
export function rendererSource(options: {
  isPackaged: boolean;
  devUrl: string | undefined;
  mainModuleUrl: string;
}): RendererSource {
  if (!options.isPackaged && options.devUrl) {
    const url = new URL(options.devUrl);
    return {
      location: { kind: 'origin', origin: url.origin },
      devOrigin: url.origin,
      load: (window) => window.loadURL(url.href),
    };
  }
  const indexPath = fileURLToPath(new URL('../renderer/index.html', options.mainModuleUrl));
  return {
    location: { kind: 'file', indexUrl: pathToFileURL(indexPath).href },
    devOrigin: null,
    load: (window) => window.loadFile(indexPath),
  };
}
