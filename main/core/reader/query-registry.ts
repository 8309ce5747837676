import { journalQueries } from '../journal/reader-queries';
import { shiftQueries } from '../shifts/reader-queries';

/**
 * Every read the journal reader thread answers, by name. The main process only writes and
 * routes; anything that reads more than one attempt for a screen or a file (History, CSV
 * export, reports, store history) runs here, on the thread's read-only connection.
 *
 * A read belongs to the feature whose tables it reads (journal/reader-queries/,
 * shifts/reader-queries/); this registry only puts the features' sets together. To add one:
 * 1. One file in the owning feature's reader-queries/ folder, named for the read, exporting `readerQuery({ args, value,
 *    run })`: `args` a zod strictObject of what the caller sends, `value` the zod schema of
 *    the answer, `run(context, args)` the read. `context.prepare` gives cached statements on
 *    the read-only connection (a write fails there); a long read takes `context.path` to
 *    open its own snapshot, checks `context.signal` between pages and reports
 *    `context.progress` (export-csv.ts does all three).
 * 2. One line in that folder's index.ts (a new feature's set: one line below).
 * 3. Call it from the main process as `reader.query('name', args, options?)`; it answers
 *    the parsed `value`, or fails with the CodedFailure (or JournalError `invalid-cursor`) the
 *    read threw. `options.signal` cancels it, `options.onProgress` receives its progress.
 * 4. Its SQL reads an index in the order it needs, named with INDEXED BY, and
 *    test/integration/journal/query-plans.test.ts pins the plan (no temp B-tree, no scan of
 *    a table that grows with the journal); a new index is a new journal migration.
 * 5. A test through the real thread, as test/integration/reader/journal-reader.test.ts.
 */
export const readerQueries = { ...journalQueries, ...shiftQueries } as const;

export type ReaderQueries = typeof readerQueries;
export type ReaderOp = keyof ReaderQueries;
