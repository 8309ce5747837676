/**
 * How a URL relates to this attempt's returnUrl (DESIGN.md §3 step 5, §4). The return host
 * is ours and never loaded. Hosts are compared canonically: case, a trailing dot
 * (`return.example.com.` is the same DNS name), and the port and userinfo are not part of the
 * host. Exactly this attempt's returnUrl is a `return`; anything else on our host (a wrong
 * port, http, userinfo, an upper-case or another attempt id, another path) is a `near-miss`.
 */
export type ReturnMatch = 'return' | 'near-miss' | 'other';

const canonicalHost = (url: URL) => url.hostname.toLowerCase().replace(/\.+$/, '');

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** How `url` relates to this attempt's `returnUrl`. */
export function matchReturnUrl(url: string, returnUrl: string): ReturnMatch {
  const actual = parseUrl(url);
  const expected = parseUrl(returnUrl);
  if (!actual || !expected || canonicalHost(actual) !== canonicalHost(expected)) return 'other';
  const path = expected.pathname.replace(/\/$/, '');
  const exact =
    actual.protocol === expected.protocol &&
    actual.port === expected.port &&
    actual.username === '' &&
    actual.password === '' &&
    (actual.pathname === path || actual.pathname === `${path}/`);
  return exact ? 'return' : 'near-miss';
}
