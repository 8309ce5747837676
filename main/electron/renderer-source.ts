import { fileURLToPath } from 'node:url';
import type { BrowserWindow } from 'electron';
import type { RendererLocation } from '../core/ipc/trusted-sender';
import { appIndexUrl, appOrigin } from './app-protocol';

/** Where the main window's page comes from, and what the IPC sender check trusts. */
export interface RendererSource {
  location: RendererLocation;
  /** The dev server origin, or null when the app scheme serves the built bundle. */
  devOrigin: string | null;
  /** The built renderer folder the app scheme serves, or null under the dev server. */
  bundleRoot: string | null;
  load(window: BrowserWindow): Promise<void>;
}

/**
 * Built: out/renderer beside out/main, served on `paydesk://app` (app-protocol.ts). In dev,
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
      bundleRoot: null,
      load: (window) => window.loadURL(url.href),
    };
  }
  return {
    location: { kind: 'origin', origin: appOrigin },
    devOrigin: null,
    bundleRoot: fileURLToPath(new URL('../renderer', options.mainModuleUrl)),
    load: (window) => window.loadURL(appIndexUrl),
  };
}
