/**
 * Chromium's URL match patterns as Electron's `webRequest` filters use them
 * (`<scheme>://<host>[:<port>]<path>`, or `<all_urls>`): scheme `*` is http or https; host
 * `*` is any host and `*.example.com` is example.com or any subdomain of it; a pattern
 * without a port matches every port; the path is a glob (`*` = any characters) matched
 * against the URL's path and query, never its fragment.
 */
export function matchesPattern(pattern: string, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const scheme = target.protocol.slice(0, -1);
  if (pattern === '<all_urls>')
    return ['http', 'https', 'ws', 'wss', 'ftp', 'file'].includes(scheme);
  const parts = /^(\*|[a-z][a-z0-9+.-]*):\/\/(\*|\*\.[^/:]+|[^/*:]+)?(?::(\*|\d+))?(\/.*)$/i.exec(
    pattern,
  );
  if (!parts) throw new Error(`Invalid match pattern: ${pattern}`);
  const [, patternScheme, patternHost = '', patternPort, patternPath = '/'] = parts;
  if (patternScheme === '*' ? !['http', 'https'].includes(scheme) : patternScheme !== scheme) {
    return false;
  }
  const host = target.hostname.toLowerCase();
  const wanted = patternHost.toLowerCase();
  if (wanted.startsWith('*.')) {
    const base = wanted.slice(2);
    if (host !== base && !host.endsWith(`.${base}`)) return false;
  } else if (wanted !== '*' && wanted !== host) return false;
  const port = target.port || (scheme === 'https' ? '443' : scheme === 'http' ? '80' : '');
  if (patternPort !== undefined && patternPort !== '*' && patternPort !== port) return false;
  const glob = new RegExp(
    `^${patternPath
      .split('*')
      .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return glob.test(`${target.pathname}${target.search}`);
}
