import { Pool, type Dispatcher } from 'undici';

/**
 * One keep-alive dispatcher per gateway origin, so every call of a sale (and the next sale)
 * rides an already open TCP/TLS connection instead of paying for a new handshake.
 */
export interface ConnectionPool {
  dispatcher(origin: string): Dispatcher;
  /**
   * Opens a connection ahead of need with a cheap HEAD request; resolves false if the
   * origin did not answer. A no-op while a connection is already open.
   */
  warm(origin: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface ConnectionPoolOptions {
  connectTimeoutMs: number;
  /** Replaces the default keep-alive Pool (benchmarks use it to model a naive client). */
  factory?: (origin: string) => Dispatcher;
}

const WARM_TIMEOUT_MS = 5_000;

export function createConnectionPool(options: ConnectionPoolOptions): ConnectionPool {
  const dispatchers = new Map<string, Dispatcher>();
  const create =
    options.factory ??
    ((origin: string) =>
      new Pool(origin, {
        connectTimeout: options.connectTimeoutMs,
        // Idle sockets stay open up to a minute; undici closes earlier when the server's
        // Keep-Alive header says it will.
        keepAliveTimeout: 60_000,
        keepAliveMaxTimeout: 600_000,
      }));

  const dispatcher = (origin: string) => {
    let found = dispatchers.get(origin);
    if (!found) {
      found = create(origin);
      dispatchers.set(origin, found);
    }
    return found;
  };

  return {
    dispatcher,
    async warm(origin) {
      const target = dispatcher(origin);
      if (target instanceof Pool && target.stats.connected > 0) return true;
      try {
        const response = await target.request({
          path: '/',
          method: 'HEAD',
          headersTimeout: WARM_TIMEOUT_MS,
          bodyTimeout: WARM_TIMEOUT_MS,
        });
        await response.body.dump();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      const all = [...dispatchers.values()];
      dispatchers.clear();
      // destroy, not close: a hung call must not keep the app from quitting.
      await Promise.all(all.map((d) => d.destroy().catch(() => undefined)));
    },
  };
}
