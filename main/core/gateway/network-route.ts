import type { Socket } from 'node:net';
import { buildConnector, Client } from 'undici';

/**
 * How gateway connections leave this computer, as the shell sees the network (a port: the
 * core stays free of Electron). Behind a corporate proxy that inspects TLS, the proxy's own
 * CA is in the OS trust store, not in Node's bundled list, and the proxy itself is in the
 * OS settings (or a PAC file), which Node never reads.
 */
export interface NetworkRoute {
  /** PEM certificates TLS trusts (the OS store with Node's bundled list); read when needed. */
  certificates(): readonly string[];
  /** The proxy for an https origin as `http://host:port`, or null to connect directly. */
  proxyFor(origin: string): Promise<string | null>;
}

type ConnectOptions = buildConnector.Options;

/** A failure of the proxy itself, coded so the operator's message can say "proxy". */
export class ProxyRefusedError extends Error {
  readonly code = 'PROXY_REFUSED';
  constructor(readonly status: number) {
    super(`the proxy answered CONNECT with HTTP ${status}`);
  }
}

/**
 * Opens a CONNECT tunnel through `proxy` to host:port with undici's own client (what its
 * ProxyAgent does), resolving the raw socket TLS is then started on.
 */
async function tunnel(proxy: string, target: string, timeoutMs: number, ca: string[]) {
  // An https proxy's own certificate is checked against the same list as the gateway's.
  const client = new Client(proxy, {
    connect: { timeout: timeoutMs, ca },
    headersTimeout: timeoutMs,
  });
  try {
    const { socket, statusCode } = await client.connect({
      path: target,
      headers: { host: target },
    });
    if (statusCode !== 200) {
      socket.on('error', () => undefined).destroy();
      throw new ProxyRefusedError(statusCode);
    }
    // undici hands over the proxy connection itself, a net.Socket typed as its Duplex.
    return socket as Socket;
  } finally {
    // The tunnel's socket is detached from the client: closing it leaves the tunnel open.
    void client.close().catch(() => undefined);
  }
}

/**
 * undici's connector with the route applied: TLS trusts the route's certificates, and an
 * https origin the route sends through a proxy is reached through a CONNECT tunnel, TLS (and
 * its certificate check) then running end to end inside it. The route is asked on every new
 * connection, so a proxy change applies to the next one. Plain http (the Training sandbox,
 * always on loopback) goes direct. Without a route, undici's own defaults.
 */
export function routedConnector(
  route: NetworkRoute | undefined,
  timeoutMs: number,
): buildConnector.connector {
  if (!route) return buildConnector({ timeout: timeoutMs });
  let direct: buildConnector.connector | null = null;
  // Read on first use: reading the OS store takes time a start-up need not wait for.
  const ca = () => [...route.certificates()];
  const connect = (options: ConnectOptions, callback: buildConnector.Callback) => {
    direct ??= buildConnector({ timeout: timeoutMs, ca: ca() });
    direct(options, callback);
  };
  return (options, callback) => {
    if (options.protocol !== 'https:') return connect(options, callback);
    const port = options.port || '443';
    route
      .proxyFor(`https://${options.hostname}:${port}`)
      .then(async (proxy) => {
        if (proxy === null) return connect(options, callback);
        const socket = await tunnel(proxy, `${options.hostname}:${port}`, timeoutMs, ca());
        connect({ ...options, httpSocket: socket }, callback);
      })
      .catch((error: unknown) => callback(error as Error, null));
  };
}
