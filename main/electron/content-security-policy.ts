import type { Session } from 'electron';

/**
 * The renderer's policy as its <meta> tag in renderer/index.html states it. Packaged builds
 * load from file://, where the meta tag is what applies.
 */
export const rendererMetaContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The same policy as a header, for the dev server's pages (and the test host): headers are
 * enforced before any script runs, and only a header can carry `frame-ancestors` (Chromium
 * ignores it in a meta tag and logs an error on every load).
 */
export const rendererContentSecurityPolicy = `${rendererMetaContentSecurityPolicy}; frame-ancestors 'none'`;

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
