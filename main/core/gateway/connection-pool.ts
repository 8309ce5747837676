import type { Socket } from 'node:net';
import { Pool, type buildConnector, type Dispatcher } from 'undici';
import { routedConnector, type NetworkRoute } from './network-route';

/**
 * One keep-alive dispatcher per gateway origin, so every call of a sale (and the next sale)
 * rides an already open TCP/TLS connection instead of paying for a new handshake.
 */
export interface ConnectionPool {
  dispatcher(origin: string): Dispatcher;
  /**
   * Opens a connection (TCP and, for https, TLS) ahead of need, without sending a request;
   * the next call uses it. Resolves false if the origin cannot be reached. A no-op while a
   * connection is open or a request is on its way (its own connection serves the next call).
   */
  warm(origin: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface ConnectionPoolOptions {
  connectTimeoutMs: number;
  /** Replaces the default keep-alive Pool (benchmarks use it to model a naive client). */
  factory?: (origin: string) => Dispatcher;
  /** The OS trust store and proxy (network-route.ts); absent: Node's defaults, no proxy. */
  route?: NetworkRoute;
}

const isLive = (socket: Socket) => !socket.destroyed && socket.readyState === 'open';

/**
 * A connector that hands undici a socket opened earlier by `warm`, and otherwise connects as
 * undici would. Spare sockets are dropped when the server closes them.
 */
function warmableConnector(connectTimeoutMs: number, route: NetworkRoute | undefined) {
  const connect = routedConnector(route, connectTimeoutMs);
  const spares: Socket[] = [];
  const connector: buildConnector.connector = (options, callback) => {
    const spare = spares.shift();
    if (spare && isLive(spare)) {
      // Asynchronously, as a real connect: undici's client is mid-dispatch when it asks.
      setImmediate(() => callback(null, spare));
      return;
    }
    connect(options, callback);
  };
  const warm = (origin: URL) =>
    new Promise<boolean>((resolve) => {
      if (spares.some(isLive)) return resolve(true);
      const options = {
        hostname: origin.hostname,
        protocol: origin.protocol,
        port: origin.port,
        servername: origin.hostname,
      };
      connect(options, (error, socket) => {
        if (error || !socket) return resolve(false);
        // Errors on an idle spare just retire it; undici adds its own listeners on use.
        socket.on('error', () => socket.destroy());
        socket.once('close', () => spares.splice(spares.indexOf(socket) >>> 0, 1));
        spares.push(socket);
        resolve(true);
      });
    });
  const destroy = () => spares.splice(0).forEach((socket) => socket.destroy());
  return { connector, warm, destroy };
}

export function createConnectionPool(options: ConnectionPoolOptions): ConnectionPool {
  const origins = new Map<
    string,
    { dispatcher: Dispatcher; warm: (origin: URL) => Promise<boolean>; destroy: () => void }
  >();

  const entry = (origin: string) => {
    let found = origins.get(origin);
    if (!found) {
      if (options.factory) {
        found = {
          dispatcher: options.factory(origin),
          warm: async () => false,
          destroy: () => undefined,
        };
      } else {
        const spares = warmableConnector(options.connectTimeoutMs, options.route);
        const dispatcher = new Pool(origin, {
          connect: spares.connector,
          // Idle sockets stay open up to a minute; undici closes earlier when the server's
          // Keep-Alive header says it will.
          keepAliveTimeout: 60_000,
          keepAliveMaxTimeout: 600_000,
        });
        found = { dispatcher, warm: spares.warm, destroy: spares.destroy };
      }
      origins.set(origin, found);
    }
    return found;
  };

  return {
    dispatcher: (origin) => entry(origin).dispatcher,
    async warm(origin) {
      const found = entry(origin);
      if (found.dispatcher instanceof Pool) {
        // A connection is open, or one is being opened for a request already on its way.
        const { connected, pending, running } = found.dispatcher.stats;
        if (connected + pending + running > 0) return true;
      }
      return found.warm(new URL(origin));
    },
    async close() {
      const all = [...origins.values()];
      origins.clear();
      for (const { destroy } of all) destroy();
      // destroy, not close: a hung call must not keep the app from quitting.
      await Promise.all(all.map(({ dispatcher }) => dispatcher.destroy().catch(() => undefined)));
    },
  };
}
