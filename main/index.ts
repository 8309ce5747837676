import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Menu, session, type WebContents } from 'electron';
import { createCore } from './core/app/create-core';
import type { Core } from './core/app/core-adapters';
import { systemClock } from './core/app/system-adapters';
import { createLogger } from './core/logging/redacting-logger';
import { appMenuTemplate } from './electron/app-menu';
import { registerAppScheme, serveRendererBundle } from './electron/app-protocol';
import { startUpdater } from './electron/auto-update';
import { createChallengePresence } from './electron/challenge-presence';
import { enforceDevelopmentCsp } from './electron/content-security-policy';
import { createElectronAdapters } from './electron/electron-adapters';
import { forwardEvents, registerIpc } from './electron/ipc-registration';
import { createLogFileSink, logFilePath } from './electron/log-file';
import { createMainWindow } from './electron/main-window';
import { rendererPermissions } from './electron/renderer-permissions';
import { rendererSource } from './electron/renderer-source';
import { languageOfLocale, startupFailure } from './electron/shell-texts';
import { denyNewWindows, denyPermissions } from './electron/web-hardening';
import { ipcEvents, type Settings } from '../shared/ipc';

// Composition root (DESIGN.md §1): the core with Electron adapters, one main window, the IPC
// bridge through the shared contract. Every renderer is sandboxed, ours included.
app.enableSandbox();
// The renderer's own origin (app-protocol.ts); Electron accepts this only before ready.
registerAppScheme();
// An unpackaged run (npm start, electron-vite dev) keeps its own journals, settings and
// single-instance lock, never the installed Paydesk's, unless told where (--user-data-dir,
// as the smoke test does). Set before the lock, which lives in userData.
if (!app.isPackaged && !app.commandLine.hasSwitch('user-data-dir')) {
  const devUserData = join(app.getPath('appData'), 'Paydesk-dev');
  app.setPath('userData', devUserData);
  app.setPath('logs', join(devUserData, 'logs'));
}

if (!app.requestSingleInstanceLock()) {
  // A second Paydesk would open the same journal and could start a second sale.
  app.quit();
} else {
  run();
}

function run(): void {
  const renderer = rendererSource({
    isPackaged: app.isPackaged,
    devUrl: process.env.ELECTRON_RENDERER_URL,
    mainModuleUrl: import.meta.url,
  });
  const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
  // electron.vite.config.ts builds the reader thread's entry beside this file.
  const readerThread = { url: new URL('./journal-reader.js', import.meta.url), execArgv: [] };
  const logSink = createLogFileSink(app.getPath('logs'), systemClock.now);
  // The shell's own lines go through the same redaction as the core's.
  const logger = createLogger(logSink);
  let mainWindow: BrowserWindow | null = null;
  let core: Core | null = null;
  const challenges = createChallengePresence();
  const mainContents = (): WebContents | null => mainWindow?.webContents ?? null;

  const openMainWindow = () => {
    const window = createMainWindow({ preloadPath, renderer, logger });
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    mainWindow = window;
  };

  // Every web contents (ours too: Electron fires this for each) gets no pop-ups and no
  // webviews, so a window we did not plan for is covered; ours tighten this further.
  app.on('web-contents-created', (_event, contents) => {
    denyNewWindows(contents, false);
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('window-all-closed', () => {
    // macOS convention: the app stays in the Dock until Quit.
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('will-quit', (event) => {
    if (!core) return;
    // Let the engine finish writing what it owes the journal before the process ends.
    event.preventDefault();
    const closing = core;
    core = null;
    closing
      .close()
      .catch((error: unknown) => logger.error('core close failed', { error: String(error) }))
      .finally(() => app.quit());
  });

  app
    .whenReady()
    .then(async () => {
      // Our renderer may write to the clipboard (Copy link); nothing else, nobody else.
      denyPermissions(session.defaultSession, [], {
        origin: renderer.location.origin,
        permissions: rendererPermissions,
      });
      if (renderer.bundleRoot) serveRendererBundle(renderer.bundleRoot);
      if (renderer.devOrigin) enforceDevelopmentCsp(session.defaultSession, renderer.devOrigin);
      core = await createCore({
        ...createElectronAdapters({
          mainWindow: () => mainWindow,
          renderer,
          logSink,
          readerThread,
          challenges,
          language: () => core?.settings.current().language ?? languageOfLocale(app.getLocale()),
        }),
        // Built next to index.js by electron-vite (its own entry in electron.vite.config.ts).
        storeThread: { url: new URL('./store-thread.js', import.meta.url), execArgv: [] },
        updater: startUpdater(logger) ?? undefined,
      });
      registerIpc(core.router, mainContents);
      forwardEvents(core.events, mainContents);
      // The menu follows the language chosen in Settings, rebuilt when it changes.
      const installMenu = (language: Settings['language']) =>
        Menu.setApplicationMenu(
          Menu.buildFromTemplate(
            appMenuTemplate({
              platform: process.platform,
              appName: app.name,
              dev: !app.isPackaged,
              language,
              // Ignored mid-verification: the main window must not change screens behind the
              // customer's challenge (on macOS the menu answers whatever window is in front).
              onCommand: (command) => {
                if (!challenges.isOpen())
                  mainContents()?.send(ipcEvents.menuCommand.channel, command);
              },
              // Locking is safe at any moment, challenge open or not: the sale runs on.
              onLock: () => core?.security.operators.lock('key'),
            }),
          ),
        );
      installMenu(core.settings.current().language);
      core.events.on('settingsChanged', (view) => installMenu(view.settings.language));
      openMainWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
      });
    })
    .catch((error: unknown) => {
      // e.g. a journal written by a newer Paydesk: say so and stop, never run half-built.
      logger.error('start-up failed', { error: String(error) });
      // Settings may be what failed to open: the system's language speaks for them.
      const failure = startupFailure(
        languageOfLocale(app.getLocale()),
        error,
        logFilePath(app.getPath('logs')),
      );
      dialog.showErrorBox(failure.title, failure.body);
      app.exit(1);
    });
}
