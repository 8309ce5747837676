import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../electron.vite.config';
import { developmentCspPlugin } from '../../build/vite/development-csp-plugin';
import {
  developmentContentSecurityPolicy,
  rendererMetaContentSecurityPolicy,
} from '../../main/electron/content-security-policy';
import { repoRoot } from '../electron-smoke/electron-binary';

let server: ViteDevServer;
let html = '';
beforeAll(async () => {
  // The renderer as `electron-vite dev` serves it: the React plugin and ours, in dev mode.
  server = await createServer({
    configFile: false,
    root: `${repoRoot}renderer`,
    logLevel: 'silent',
    plugins: [react(), developmentCspPlugin()],
    server: { middlewareMode: true, ws: false },
  });
  const source = readFileSync(`${repoRoot}renderer/index.html`, 'utf8');
  html = await server.transformIndexHtml('/index.html', source);
}, 60_000);
afterAll(() => server?.close());

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const inlineScripts = (page: string) =>
  [...page.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
const metaPolicy = (page: string) =>
  /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page)?.[1];
const scriptSources = (policy: string) => /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];

describe('development Content Security Policy', () => {
  it('lets every inline script the dev server injects (the React preamble) run by its hash', () => {
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const policy = metaPolicy(html)!;
    expect(policy).toBe(developmentContentSecurityPolicy);
    for (const script of scripts) {
      expect(scriptSources(policy)).toContain(sha256(script));
      // The built app's policy would block it: why dev needs a policy of its own.
      expect(scriptSources(rendererMetaContentSecurityPolicy)).not.toContain(sha256(script));
    }
  });

  it('never allows inline scripts in general, and is the dev server’s only', () => {
    expect(scriptSources(developmentContentSecurityPolicy)).not.toContain("'unsafe-inline'");
    const plugins = (config.renderer?.plugins ?? []).flat() as { name?: string; apply?: string }[];
    const ours = plugins.find((plugin) => plugin?.name === 'paydesk:development-csp');
    expect(ours?.apply).toBe('serve');
    const built = readFileSync(`${repoRoot}renderer/index.html`, 'utf8');
    expect(metaPolicy(built)).toBe(rendererMetaContentSecurityPolicy);
  });
});
