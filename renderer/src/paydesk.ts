import type { PaydeskApi } from '../../shared/ipc-api';

declare global {
  interface Window {
    /** Built by preload (or the Chromium test host) from the shared IPC contract. */
    readonly paydesk: PaydeskApi;
  }
}

/**
 * The renderer's only way out. Read lazily so modules can be imported (and unit-tested)
 * where no bridge exists; every call resolves to a typed result and never throws.
 */
export function paydesk(): PaydeskApi {
  return window.paydesk;
}
