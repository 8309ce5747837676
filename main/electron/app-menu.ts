import type { MenuItemConstructorOptions } from 'electron';
import type { IpcEventPayload } from '../../shared/ipc';

/** App commands the menu sends to the renderer (the contract's `menuCommand` event). */
export type MenuCommand = IpcEventPayload<'menuCommand'>;

/**
 * Standard roles (so copy/paste, zoom and window keys work as on every app of the platform)
 * plus Paydesk's own: New sale, History, Settings. Reload and developer tools only in dev:
 * a reload in the middle of a sale would confuse the operator.
 */
export function appMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  dev: boolean;
  onCommand: (command: MenuCommand) => void;
}): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const command = (label: string, accelerator: string, name: MenuCommand) => ({
    label,
    accelerator,
    click: () => options.onCommand(name),
  });
  const settings = command('Settings…', 'CmdOrCtrl+,', 'settings');
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: options.appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            settings,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  return [
    ...appMenu,
    {
      label: 'Sale',
      submenu: [
        command('New sale', 'CmdOrCtrl+N', 'new-sale'),
        command('History', mac ? 'Cmd+Shift+H' : 'Ctrl+H', 'history'),
        ...(mac ? [] : [settings, { type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(options.dev
          ? [
              { type: 'separator' as const },
              { role: 'reload' as const },
              { role: 'toggleDevTools' as const },
            ]
          : []),
      ],
    },
    { role: 'windowMenu' },
  ];
}
