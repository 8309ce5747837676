import { Emitter } from './fake-emitter';

type RequestListener = (
  details: Record<string, unknown>,
  callback: (response: Record<string, unknown>) => void,
) => void;

export class FakeSession extends Emitter {
  permissionRequest:
    ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null =
    null;
  permissionCheck: ((contents: unknown, permission: string) => boolean) | null = null;
  devicePermission: (() => boolean) | null = null;
  beforeRequest: { filter: { urls: string[] }; listener: RequestListener } | null = null;
  headersReceived: { filter: { urls: string[] }; listener: RequestListener } | null = null;
  cleared = 0;
  constructor(
    readonly partition: string,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
  }
  readonly webRequest = {
    onBeforeRequest: (filter: { urls: string[] } | null, listener?: RequestListener) => {
      this.beforeRequest = filter && listener ? { filter, listener } : null;
    },
    onHeadersReceived: (filter: { urls: string[] }, listener: RequestListener) => {
      this.headersReceived = { filter, listener };
    },
  };
  setPermissionRequestHandler(handler: FakeSession['permissionRequest']) {
    this.permissionRequest = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['permissionCheck']) {
    this.permissionCheck = handler;
  }
  setDevicePermissionHandler(handler: FakeSession['devicePermission']) {
    this.devicePermission = handler;
  }
  getUserAgent() {
    return 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Electron/45.4.1 Safari/537.36';
  }
  async clearStorageData() {
    this.cleared += 1;
  }
  async clearCache() {}
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
