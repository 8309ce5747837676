import { performance } from 'node:perf_hooks';
import { createConnection, createServer, type Socket, type AddressInfo } from 'node:net';

export interface TcpDelayProxy {
  /** http://127.0.0.1:PORT, to use instead of the target's URL. */
  url: string;
  /** TCP connections clients opened through the proxy so far. */
  readonly connections: number;
  /** Cuts every open connection, as a server closing idle keep-alive sockets would. */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * Runs `deliver` at `at` (performance.now() time), within a few tenths of a millisecond: a
 * timer alone fires 0.5–1.5 ms late, which made each simulated round trip about 103 ms
 * instead of 100 and charged the harness's lateness to the sale being measured. The timer
 * wakes up early and the last stretch yields to I/O between checks, so traffic on other
 * connections (and the sale itself, in this process) runs meanwhile.
 */
const earlyWakeMs = 2;
function deliverAt(at: number, deliver: () => void): void {
  const check = () => (performance.now() >= at ? deliver() : setImmediate(check));
  const wait = at - performance.now() - earlyWakeMs;
  if (wait > 0) setTimeout(check, wait);
  else check();
}

/**
 * A loopback TCP proxy that makes a fast local server look far away: every segment waits
 * `oneWayMs` in each direction, and a new connection pays a handshake round trip before its
 * first byte goes through (SYN, SYN-ACK, then the data: 3 one-way trips to the server), as
 * over a real network. With oneWayMs = 50 a request costs 100 ms on a warm connection and
 * 200 ms on a new one. Order within a direction is kept.
 */
export async function startTcpDelayProxy(target: string, oneWayMs: number): Promise<TcpDelayProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let connections = 0;

  const pipeDelayed = (from: Socket, to: Socket, notBefore: () => number) => {
    let last = 0;
    from.on('data', (chunk) => {
      const at = Math.max(performance.now(), notBefore(), last) + oneWayMs;
      last = at;
      deliverAt(at, () => to.writable && to.write(chunk));
    });
    from.on('end', () => deliverAt(Math.max(performance.now(), last) + oneWayMs, () => to.end()));
  };

  const server = createServer((client) => {
    connections += 1;
    const connectedAt = performance.now();
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    // The client's first bytes leave after the handshake's SYN and SYN-ACK.
    pipeDelayed(client, upstream, () => connectedAt + 2 * oneWayMs);
    pipeDelayed(upstream, client, () => 0);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    get connections() {
      return connections;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
