import type { Session } from 'electron';

/**
 * The renderer's policy as its <meta> tag in renderer/index.html states it. The built
 * renderer (served on the app scheme) also gets it as a header, with frame-ancestors.
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
 * Only a header can carry `frame-ancestors` (Chromium ignores it in a meta tag and logs an
 * error on every load).
 */
const withFrameAncestors = (policy: string) => `${policy}; frame-ancestors 'none'`;

export const rendererContentSecurityPolicy = withFrameAncestors(rendererMetaContentSecurityPolicy);

/**
 * The hash of the inline module script @vitejs/plugin-react puts into index.html under the
 * dev server (its Fast Refresh preamble). test/electron/dev-csp.test.ts recomputes it from the
 * plugin, so an upgrade that changes the preamble fails there, not on a blank dev window.
 */
export const reactPreambleHash = "'sha256-Z2/iFzh9VMlVkEOar1f/oSHWwQk3ve1qk/C2WdsC4Xk='";

/**
 * The policy under `electron-vite dev` only: the React preamble by its hash (never
 * 'unsafe-inline' for scripts), the inline <style> elements Vite's CSS hot reload inserts,
 * and the dev server's HMR WebSocket. The built app never uses it.
 */
export const developmentContentSecurityPolicy = rendererMetaContentSecurityPolicy
  .replace("script-src 'self'", `script-src 'self' ${reactPreambleHash}`)
  .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
  .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*");

/** Puts the development policy on every response from the dev server's origin. */
export function enforceDevelopmentCsp(session: Session, devOrigin: string): void {
  session.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
    const headers = Object.fromEntries(
      Object.entries(details.responseHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-security-policy',
      ),
    );
    callback({
      responseHeaders: {
        ...headers,
        'Content-Security-Policy': [withFrameAncestors(developmentContentSecurityPolicy)],
      },
    });
  });
}
