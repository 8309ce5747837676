// Runs inside the host's Chromium page, bundled at host start: the test host's preload.
// It builds `window.paydesk` with the very builder preload/index.ts uses, over a Playwright
// binding instead of ipcRenderer.
import { buildPaydeskApi } from '../../shared/ipc-api';

type Invoke = (channel: string, payload: unknown) => Promise<unknown>;

// Looked up per call: the binding may be installed after this script on a new document.
const invoke: Invoke = (channel, payload) =>
  (window as unknown as { __paydeskInvoke: Invoke }).__paydeskInvoke(channel, payload);
const listeners = new Map<string, Set<(payload: unknown) => void>>();

const api = buildPaydeskApi({
  invoke: (channel, payload) => invoke(channel, payload),
  on(channel, listener) {
    const set = listeners.get(channel) ?? new Set();
    listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  },
});

// Frozen and non-writable, as contextBridge.exposeInMainWorld leaves it.
Object.defineProperty(window, 'paydesk', { value: api, enumerable: true });
Object.defineProperty(window, '__paydeskDeliver', {
  value: (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(structuredClone(payload));
  },
});
