import { describe, expect, it, vi } from 'vitest';
import { ipcContract, ipcEvents } from '../../shared/ipc';
import { createCoreEvents } from '../../main/core/app/core-events';
import type { IpcRouter } from '../../main/core/ipc/router';
import { forwardEvents, registerIpc, senderOf } from '../../main/electron/ipc-registration';
import { FakeWebContents, FakeWebFrameMain, ipcMain } from './support/fake-electron';

vi.mock('electron', () => import('./support/fake-electron'));

const rendererUrl = 'file:///app/out/renderer/index.html';

function mainContents() {
  const contents = new FakeWebContents();
  contents.mainFrame = new FakeWebFrameMain(rendererUrl);
  return contents;
}
const eventFrom = (sender: FakeWebContents, senderFrame: FakeWebFrameMain | null) =>
  ({ sender, senderFrame }) as never;

describe('IPC sender identification', () => {
  it('reports the main frame of our main window as such', () => {
    const main = mainContents();
    expect(senderOf(eventFrom(main, main.mainFrame), main as never)).toEqual({
      frameUrl: rendererUrl,
      isMainFrame: true,
    });
  });

  it.each([
    [
      'a subframe of the main window',
      (main: FakeWebContents) => eventFrom(main, new FakeWebFrameMain(rendererUrl, main.mainFrame)),
    ],
    [
      'another window with the same URL',
      () => {
        const other = mainContents();
        return eventFrom(other, other.mainFrame);
      },
    ],
    [
      'a frame object that is not the main frame',
      (main: FakeWebContents) => eventFrom(main, new FakeWebFrameMain(rendererUrl)),
    ],
    ['a sender whose frame is gone', (main: FakeWebContents) => eventFrom(main, null)],
  ])('does not trust %s', (_name, make) => {
    const main = mainContents();
    expect(senderOf(make(main), main as never).isMainFrame).toBe(false);
  });

  it('does not trust anything once the main window is gone', () => {
    const main = mainContents();
    const event = eventFrom(main, main.mainFrame);
    expect(senderOf(event, null).isMainFrame).toBe(false);
    main.destroyed = true;
    expect(senderOf(event, main as never).isMainFrame).toBe(false);
  });
});

describe('IPC registration', () => {
  it('registers exactly the contract channels, each through the router, and unregisters them', async () => {
    const dispatched: unknown[][] = [];
    const router: IpcRouter = {
      channels: Object.values(ipcContract).map((c) => c.channel),
      dispatch: async (...args) => {
        dispatched.push(args);
        return { ok: true, value: null };
      },
    };
    const main = mainContents();
    const unregister = registerIpc(router, () => main as never);
    expect([...ipcMain.handlers.keys()].sort()).toEqual(router.channels.slice().sort());

    const sub = new FakeWebFrameMain('https://evil.example/', main.mainFrame);
    await ipcMain.handlers.get('settings:get')?.(eventFrom(main, main.mainFrame), {});
    await ipcMain.handlers.get('sale:pay')?.(eventFrom(main, sub), { x: 1 });
    expect(dispatched).toEqual([
      ['settings:get', {}, { frameUrl: rendererUrl, isMainFrame: true }],
      ['sale:pay', { x: 1 }, { frameUrl: 'https://evil.example/', isMainFrame: false }],
    ]);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('forwards every core event to the live main window only', () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const events = createCoreEvents(logger);
    let main: FakeWebContents | null = mainContents();
    forwardEvents(events, () => main as never);
    const progress = { attemptId: 'a', step: 'charging' as const, at: 1, elapsedMs: 2 };
    events.emit('saleProgress', progress);
    expect(main.sent).toEqual([[ipcEvents.saleProgress.channel, progress]]);
    main.destroyed = true;
    events.emit('saleProgress', progress);
    expect(main.sent).toHaveLength(1);
    main = null;
    expect(() => events.emit('saleProgress', progress)).not.toThrow();
    expect(logger.error).not.toHaveBeenCalled();
  });
});
