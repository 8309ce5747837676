/**
 * The Content-Type of each kind of file the renderer bundle holds, by extension, for
 * whatever serves it: the app's own paydesk:// protocol and the Chromium preview's loopback
 * server. Anything else is served as application/octet-stream.
 */
export const bundleContentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
