import {
  ipcContract,
  ipcEvents,
  type IpcEventName,
  type IpcEventPayload,
  type IpcMethod,
  type IpcRequest,
  type IpcResponse,
  type IpcResult,
} from './ipc';

/** How a side reaches the other: Electron's ipcRenderer in preload, a Playwright binding in tests. */
export interface IpcTransport {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

export type PaydeskApi = {
  [M in IpcMethod]: (request: IpcRequest<M>) => Promise<IpcResult<IpcResponse<M>>>;
} & {
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
};

/** Electron's reason is English for developers: the renderer says it in the operator's words. */
const transportFailure = (): IpcResult<never> => ({ ok: false, error: { code: 'ipc-failed' } });

/**
 * Builds `window.paydesk` by walking the contract, so the preload has no hand-written copy
 * of the channel list. Methods never reject: a broken transport becomes a typed error.
 */
export function buildPaydeskApi(transport: IpcTransport): PaydeskApi {
  const api: Record<string, unknown> = {};
  for (const method of Object.keys(ipcContract) as IpcMethod[]) {
    const { channel } = ipcContract[method];
    api[method] = (request: unknown) =>
      transport.invoke(channel, request).then(
        (result) => result as IpcResult<unknown>,
        () => transportFailure(),
      );
  }
  api.on = (event: IpcEventName, listener: (payload: unknown) => void) => {
    const spec = ipcEvents[event];
    if (!spec) throw new Error(`Unknown event ${String(event)}`);
    return transport.on(spec.channel, listener);
  };
  return Object.freeze(api) as PaydeskApi;
}
