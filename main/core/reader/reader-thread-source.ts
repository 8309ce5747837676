import type { ReaderThreadEntry } from './journal-reader';

/**
 * The reader thread run from source (tests, the Chromium host): the .ts entry through tsx.
 * Kept out of journal-reader.ts so the Electron bundle never refers to a source file; it
 * gets the built entry from main/index.ts instead.
 */
export const sourceReaderEntry: ReaderThreadEntry = {
  url: new URL('./reader-thread.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};
