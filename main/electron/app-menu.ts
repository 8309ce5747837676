import type { MenuItemConstructorOptions } from 'electron';
import type { IpcEventPayload, Settings } from '../../shared/ipc';
import { ar } from '../../renderer/src/i18n/ar';
import { en } from '../../renderer/src/i18n/en';

/** App commands the menu sends to the renderer (the contract's `menuCommand` event). */
export type MenuCommand = IpcEventPayload<'menuCommand'>;

// The renderer's own tables, so the menu speaks the language chosen in Settings.
const menuLabels = { en: en.menu, ar: ar.menu };

/**
 * Standard roles (so copy/paste, zoom and window keys work as on every app of the platform)
 * plus Paydesk's own: New sale, History, Settings, Lock. Reload and developer tools only in dev:
 * a reload in the middle of a sale would confuse the operator. Every label comes from the
 * i18n tables (a role's built-in label would stay English on an Arabic screen).
 */
export function appMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  dev: boolean;
  language: Settings['language'];
  onCommand: (command: MenuCommand) => void;
  /** Lock is main's own act (main keeps the session), so it skips the renderer. */
  onLock: () => void;
}): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const l = menuLabels[options.language];
  const command = (label: string, accelerator: string, name: MenuCommand) => ({
    label,
    accelerator,
    click: () => options.onCommand(name),
  });
  const settings = command(l.settings, 'CmdOrCtrl+,', 'settings');
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: options.appName,
          submenu: [
            { role: 'about', label: l.about },
            { type: 'separator' },
            settings,
            { type: 'separator' },
            { role: 'services', label: l.services },
            { type: 'separator' },
            { role: 'hide', label: l.hide },
            { role: 'hideOthers', label: l.hideOthers },
            { role: 'unhide', label: l.unhide },
            { type: 'separator' },
            { role: 'quit', label: l.quit },
          ],
        },
      ]
    : [];
  return [
    ...appMenu,
    {
      label: l.sale,
      submenu: [
        command(l.newSale, 'CmdOrCtrl+N', 'new-sale'),
        command(l.history, mac ? 'Cmd+Shift+H' : 'Ctrl+H', 'history'),
        // The accelerator takes the key before the page sees it: the renderer's own Ctrl+L
        // handler serves the browser preview, this item the installed app.
        { label: l.lock, accelerator: 'CmdOrCtrl+L', click: options.onLock },
        ...(mac
          ? []
          : [settings, { type: 'separator' as const }, { role: 'quit' as const, label: l.quit }]),
      ],
    },
    {
      role: 'editMenu',
      label: l.edit,
      submenu: [
        { role: 'undo', label: l.undo },
        { role: 'redo', label: l.redo },
        { type: 'separator' },
        { role: 'cut', label: l.cut },
        { role: 'copy', label: l.copy },
        { role: 'paste', label: l.paste },
        { role: 'selectAll', label: l.selectAll },
      ],
    },
    {
      label: l.view,
      submenu: [
        { role: 'resetZoom', label: l.resetZoom },
        { role: 'zoomIn', label: l.zoomIn },
        { role: 'zoomOut', label: l.zoomOut },
        { type: 'separator' },
        { role: 'togglefullscreen', label: l.fullScreen },
        ...(options.dev
          ? [
              { type: 'separator' as const },
              { role: 'reload' as const, label: l.reload },
              { role: 'toggleDevTools' as const, label: l.devTools },
            ]
          : []),
      ],
    },
    {
      role: 'windowMenu',
      label: l.window,
      submenu: [
        { role: 'minimize', label: l.minimize },
        { role: 'close', label: l.close },
      ],
    },
  ];
}
