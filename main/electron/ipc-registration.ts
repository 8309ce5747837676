import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { ipcEvents, type IpcEventName } from '../../shared/ipc';
import type { CoreEvents } from '../core/ports';
import type { IpcRouter, IpcSender } from '../core/ipc/router';

/**
 * What the router's trust check sees of an Electron request. `isMainFrame` is true only for
 * the top frame of our own main window: another window's frame (the challenge window has no
 * preload, but defence in depth) or any subframe reports false and is refused.
 */
export function senderOf(event: IpcMainInvokeEvent, main: WebContents | null): IpcSender {
  const frame = event.senderFrame;
  const ours =
    main !== null &&
    !main.isDestroyed() &&
    event.sender === main &&
    frame !== null &&
    frame.parent === null &&
    frame === main.mainFrame;
  return { frameUrl: frame?.url ?? '', isMainFrame: ours };
}

/**
 * Registers every channel of the contract, and only those, with ipcMain; each request goes
 * through the one router (sender check, schema, typed result). Returns the unregistration.
 */
export function registerIpc(router: IpcRouter, main: () => WebContents | null): () => void {
  for (const channel of router.channels) {
    ipcMain.handle(channel, (event, payload: unknown) =>
      router.dispatch(channel, payload, senderOf(event, main())),
    );
  }
  return () => router.channels.forEach((channel) => ipcMain.removeHandler(channel));
}

/** Pushes the core's events to the main window's renderer, if it is there to hear them. */
export function forwardEvents(events: CoreEvents, main: () => WebContents | null): void {
  for (const name of Object.keys(ipcEvents) as IpcEventName[]) {
    events.on(name, (payload) => {
      const contents = main();
      if (contents && !contents.isDestroyed()) contents.send(ipcEvents[name].channel, payload);
    });
  }
}
