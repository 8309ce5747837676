import type { StoreThreadEntry } from './store-client';

/**
 * The store thread run from source (tests, the Chromium host): the .ts entry through tsx.
 * Kept apart so the Electron bundle never refers to a source file; main/index.ts passes
 * the built entry instead.
 */
export const sourceStoreEntry: StoreThreadEntry = {
  url: new URL('./store-thread.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};
