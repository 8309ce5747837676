import type { Session } from 'electron';

/**
 * The renderer's policy, the same as the <meta> in renderer/index.html. Packaged builds load
 * from file://, where the meta tag is what applies; in dev the page comes from the Vite
 * server, so the header enforces it there too, before any script of the page runs.
 */
export const rendererContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the policy header to every response from the dev server's origin. */
export function enforceRendererCsp(session: Session, devOrigin: string): void {
  session.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    );
    callback({
      responseHeaders: { ...headers, 'Content-Security-Policy': [rendererContentSecurityPolicy] },
    });
  });
}
