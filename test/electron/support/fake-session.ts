import { Emitter } from './fake-emitter';
import { matchesPattern } from './match-pattern';

type RequestListener = (
  details: Record<string, unknown>,
  callback: (response: Record<string, unknown>) => void,
) => void;
type Filtered = { filter: { urls: string[] }; listener: RequestListener };

export class FakeSession extends Emitter {
  /** Electron's handlers; the last arguments carry the asking frame's URL or origin. */
  permissionRequest:
    | ((
        contents: unknown,
        permission: string,
        callback: (granted: boolean) => void,
        details: { requestingUrl: string },
      ) => void)
    | null = null;
  permissionCheck:
    ((contents: unknown, permission: string, requestingOrigin: string) => boolean) | null = null;
  devicePermission: (() => boolean) | null = null;
  beforeRequest: Filtered | null = null;
  headersReceived: Filtered | null = null;
  /** Every clearing call in order, so a test can see what a wipe covered. */
  readonly wipes: string[] = [];
  constructor(
    readonly partition: string,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
  }
  /** Times the storage (cookies included) was cleared, by clearData or clearStorageData. */
  get cleared() {
    return this.wipes.filter((w) => w === 'clearData' || w === 'clearStorageData').length;
  }
  readonly webRequest = {
    onBeforeRequest: (filter: { urls: string[] } | null, listener?: RequestListener) => {
      this.beforeRequest = filter && listener ? { filter, listener } : null;
    },
    onHeadersReceived: (filter: { urls: string[] }, listener: RequestListener) => {
      this.headersReceived = { filter, listener };
    },
  };
  /**
   * A request as Chromium routes it: the onBeforeRequest listener hears it only when the URL
   * matches one of the filter's patterns (Electron's match-pattern semantics); otherwise the
   * request goes ahead untouched. Returns the listener's answer, or 'not-intercepted'.
   */
  request(details: Record<string, unknown> & { url: string }) {
    const registered = this.beforeRequest;
    if (!registered || !registered.filter.urls.some((p) => matchesPattern(p, details.url))) {
      return 'not-intercepted' as const;
    }
    let answer: Record<string, unknown> | undefined;
    registered.listener(
      { method: 'GET', uploadData: [], resourceType: 'subFrame', ...details },
      (a) => (answer = a),
    );
    return answer;
  }
  setPermissionRequestHandler(handler: FakeSession['permissionRequest']) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']) {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: FakeSession['devicePermission']) {
    this.devicePermission = handler;
  }
  /** What resolveProxy answers (PAC style), and every URL it was asked about. */
  proxyAnswer = 'DIRECT';
  readonly proxyAsked: string[] = [];
  async resolveProxy(url: string) {
    this.proxyAsked.push(url);
    return this.proxyAnswer;
  }
  getUserAgent() {
    return 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Electron/45.4.1 Safari/537.36';
  }
  async clearData() {
    this.wipes.push('clearData');
  }
  async clearStorageData() {
    this.wipes.push('clearStorageData');
  }
  async clearCache() {
    this.wipes.push('clearCache');
  }
  async clearAuthCache() {
    this.wipes.push('clearAuthCache');
  }
  async closeAllConnections() {
    this.wipes.push('closeAllConnections');
  }
}

export const partitions = new Map<string, FakeSession>();
export const session = {
  defaultSession: new FakeSession('(default)'),
  fromPartition(partition: string, options?: Record<string, unknown>) {
    const existing = partitions.get(partition);
    if (existing) return existing;
    const created = new FakeSession(partition, options);
    partitions.set(partition, created);
    return created;
  },
  partitions,
};
