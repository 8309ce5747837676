import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { bundleContentTypes } from '../electron/bundle-content-types';
import { rendererContentSecurityPolicy } from '../electron/content-security-policy';

// Also what a development build may hold: ES modules and source maps.
const contentTypes: Record<string, string> = {
  ...bundleContentTypes,
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves the built renderer over loopback HTTP (not file://), with the renderer's CSP as a
 * header as Electron adds it in dev. Paths outside `root` are refused; unknown paths without
 * an extension get index.html, as a single-page app expects.
 */
export async function serveDirectory(root: string): Promise<StaticServer> {
  const base = normalize(root + sep);
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
      let file = normalize(join(base, pathname));
      if (!file.startsWith(base)) {
        response.writeHead(403).end();
        return;
      }
      const isFile = await stat(file).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!isFile) {
        if (extname(file)) {
          response.writeHead(404).end();
          return;
        }
        file = join(base, 'index.html');
      }
      response.writeHead(200, {
        'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': rendererContentSecurityPolicy,
        'Cache-Control': 'no-store',
      });
      response.end(await readFile(file));
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
