import { BlockList, isIP } from 'node:net';
import type { StoreConnection } from './store-connection';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether `host` can only mean this computer: 127.0.0.0/8, ::1 (in any spelling, IPv4-mapped
 * included) or `localhost`. Anything else, a name that merely resolves to loopback today
 * included, may be answered by another machine.
 */
export function isLoopbackHost(host: string): boolean {
  const family = isIP(host);
  if (family === 4) return loopback.check(host, 'ipv4');
  if (family === 6) return loopback.check(host, 'ipv6');
  return host.toLowerCase() === 'localhost';
}

/**
 * Store connections off this computer go only over TLS with the server's certificate and
 * name checked: without it anyone on the path reads every counter's payments and can
 * stand in for the server. `off` is left for a database on the counter itself. Checked when
 * the admin saves and again at every connection (a hand-edited store.json).
 */
export function storeTlsRefusal(
  connection: Pick<StoreConnection, 'host' | 'tls'>,
): 'store-tls-required' | null {
  return connection.tls === 'off' && !isLoopbackHost(connection.host) ? 'store-tls-required' : null;
}
