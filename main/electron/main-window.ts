import { BrowserWindow, type WebPreferences } from 'electron';
import type { Logger } from '../core/ports';
import type { RendererSource } from './renderer-source';
import { denyNewWindows, guardNavigation, openExternalIfAllowed } from './web-hardening';

/**
 * The renderer is untrusted input (DESIGN.md §2): isolated, sandboxed, no Node, and only the
 * contract-built `window.paydesk` from the preload.
 */
export const mainWindowPreferences = (preloadPath: string): WebPreferences => ({
  preload: preloadPath,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
  safeDialogs: true,
});

export function createMainWindow(options: {
  preloadPath: string;
  renderer: RendererSource;
  logger: Logger;
}): BrowserWindow {
  const { renderer, logger } = options;
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Paydesk',
    backgroundColor: '#ffffff',
    webPreferences: mainWindowPreferences(options.preloadPath),
  });
  const contents = window.webContents;
  denyNewWindows(contents, true);
  // A single-page app never navigates: a link the operator clicks opens in the browser.
  guardNavigation(contents, () => false);
  contents.on('will-navigate', (event) => openExternalIfAllowed(event.url));
  contents.on('render-process-gone', (_event, details) => {
    logger.error('renderer process gone', { reason: details.reason });
    // The sale state lives in main; reloading brings the operator back to a working screen.
    if (details.reason !== 'clean-exit' && !window.isDestroyed()) void renderer.load(window);
  });
  window.once('ready-to-show', () => window.show());
  renderer.load(window).catch((error: unknown) => {
    logger.error('renderer failed to load', { error: String(error) });
  });
  return window;
}
