import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

let bundled: Promise<string> | undefined;

/**
 * The page bridge as one browser script (shared/ipc-api.ts, the contract and zod included),
 * built once per process with Vite, the same bundler that builds the renderer.
 */
export function pageBridgeScript(): Promise<string> {
  bundled ??= build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./page-bridge.ts', import.meta.url)),
        formats: ['iife'],
        name: 'paydeskBridge',
      },
    },
  }).then((result) => {
    const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
    const chunk = output.output[0];
    if (!chunk || chunk.type !== 'chunk') throw new Error('page bridge bundle is empty');
    return chunk.code;
  });
  return bundled;
}
