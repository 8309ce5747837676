import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { developmentCspPlugin } from './build/vite/development-csp-plugin';

// Folders follow DESIGN.md §1 rather than electron-vite's default src/ layout, so every
// entry is named here. node:sqlite is a prefix-only builtin the bundler must leave alone.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // Worker thread entries, found by main/index.ts next to index.js: the journal reader
        // (out/main/journal-reader.js) and store mode's thread (out/main/store-thread.js).
        input: {
          index: resolve('main/index.ts'),
          'journal-reader': resolve('main/core/reader/reader-thread.ts'),
          'store-thread': resolve('main/core/store/store-thread.ts'),
        },
        external: ['node:sqlite'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload may require only electron, events, timers and url: zod (through
      // shared/ipc.ts) must be inside the bundle, or window.paydesk never exists.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        // Sandboxed preloads cannot be ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), developmentCspPlugin()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves bundles unminified; the renderer is the one worth shrinking (it
      // is parsed on every window load), main keeps readable stack traces for the log.
      minify: true,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
