import { readFile } from 'node:fs/promises';
import nodePath from 'node:path';
import { protocol } from 'electron';
import { bundleContentTypes } from './bundle-content-types';
import { rendererContentSecurityPolicy } from './content-security-policy';

/**
 * The renderer's own origin. A privileged standard, secure scheme instead of file://: the
 * page gets a real origin (so `'self'`, module scripts and the IPC sender check work without
 * the file-protocol fuse), and nothing but this handler can serve it.
 */
export const appScheme = 'paydesk';
export const appOrigin = `${appScheme}://app`;
export const appIndexUrl = `${appOrigin}/index.html`;

/** Must run before the app is ready (Electron refuses it afterwards). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: appScheme,
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);
}

type PathApi = Pick<typeof nodePath, 'resolve' | 'relative' | 'isAbsolute'>;

/**
 * The bundle file a `paydesk://app/…` URL names, or null for anything else. The path is
 * decoded before it is checked, so `%2e%2e`, `%2f` and `%5c` cannot smuggle a `..` or a
 * separator past it; a `..` segment (by `/` or by Windows' `\`), a NUL or a drive letter is
 * refused outright, and the resolved file must still lie inside `root`.
 */
export function bundleFileFor(url: string, root: string, path: PathApi = nodePath): string | null {
  let parsed: URL;
  let decoded: string;
  try {
    parsed = new URL(url);
    decoded = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (`${parsed.protocol}//${parsed.host}` !== appOrigin) return null;
  const segments = decoded.split(/[/\\]/).filter((segment) => segment !== '');
  if (segments.some((s) => s === '..' || s.includes('\0') || /^[a-z]:/i.test(s))) return null;
  const file = path.resolve(root, ...(segments.length ? segments : ['index.html']));
  const inside = path.relative(root, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return file;
}

const notFound = () => new Response('Not found', { status: 404 });

/**
 * Serves the renderer bundle (out/renderer) on the app scheme, read-only: GET and HEAD of
 * files inside the bundle, every other request a 404 or 405. HTML carries the renderer's
 * CSP as a header too, where `frame-ancestors` takes effect.
 */
export function serveRendererBundle(root: string): void {
  protocol.handle(appScheme, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405 });
    }
    const file = bundleFileFor(request.url, root);
    if (!file) return notFound();
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return notFound();
    }
    const type =
      bundleContentTypes[nodePath.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
    };
    if (type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = rendererContentSecurityPolicy;
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers });
  });
}
