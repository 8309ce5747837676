/**
 * DNS rebinding: a web page can point a name it owns (evil.example) at 127.0.0.1 and then
 * call the sandbox from the victim's browser as if same-origin. Such requests carry that
 * name in Host, so only the names of the listening address itself are served: the address
 * and `localhost`, each with the port (bare too on port 80, its default).
 */
export function ownHosts(host: '127.0.0.1', port: number): ReadonlySet<string> {
  const names = [host, 'localhost'];
  const withPort = names.map((name) => `${name}:${port}`);
  return new Set(port === 80 ? [...withPort, ...names] : withPort);
}

/** True when the request's Host names this sandbox; a request without one is not served. */
export const isOwnHost = (header: string | undefined, own: ReadonlySet<string>): boolean =>
  header !== undefined && own.has(header.toLowerCase());
