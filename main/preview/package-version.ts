import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The version the app reports outside Electron (where app.getVersion() reads the same
 * field): package.json's, so Settings' footer names the build being tried, not the host.
 */
export function packageVersion(): string {
  const path = fileURLToPath(new URL('../../package.json', import.meta.url));
  return z
    .object({ version: z.string().min(1).max(40) })
    .parse(JSON.parse(readFileSync(path, 'utf8'))).version;
}
