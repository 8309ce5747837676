/**
 * DNS rebinding: a web page can point a name it owns (evil.example) at 127.0.0.1 and then
 * call the sandbox from the victim's browser as if same-origin. Such requests carry that
 * name in Host, so only the names of the listening address itself are served: the address
 * and `localhost`. The port is not compared: a browser always sends the one it connected to,
 * and a loopback proxy in front of the sandbox (the benchmarks' delay proxy) sends its own.
 */
export const ownHostNames = (host: '127.0.0.1'): ReadonlySet<string> =>
  new Set([host, 'localhost']);

const hostHeader = /^([^:[\]]+)(?::\d{1,5})?$/;

/** True when the request's Host names this sandbox; a request without one is not served. */
export function isOwnHost(header: string | undefined, own: ReadonlySet<string>): boolean {
  const name = hostHeader.exec(header ?? '')?.[1];
  return name !== undefined && own.has(name.toLowerCase());
}
