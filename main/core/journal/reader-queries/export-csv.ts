import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { z } from 'zod';
import { historyFiltersSchema } from '../../../../shared/ipc';
import { exportCsv } from '../csv-export';
import { openDatabase } from '../../platform/open-database';
import { readerQuery } from '../../platform/reader-query';

/**
 * The history's matches as a CSV file at `path`, with progress; cancelling it (or a
 * failure) leaves no file behind.
 */
export const exportCsvQuery = readerQuery({
  args: z.strictObject({ filters: historyFiltersSchema, path: z.string().min(1) }),
  value: z.object({ rows: z.number().int().nonnegative(), cancelled: z.boolean() }),
  async run({ path: journalPath, signal, progress }, { filters, path }) {
    // Its own connection: the export holds one read snapshot for its whole run, and
    // searches answered in between must still see the sales written meanwhile.
    const db = openDatabase(journalPath, { readOnly: true });
    const out = createWriteStream(path, { flags: 'w' });
    try {
      const outcome = await exportCsv(db, filters, out, { signal, onProgress: progress });
      out.end();
      await finished(out);
      if (outcome.cancelled) await rm(path, { force: true });
      return outcome;
    } catch (error) {
      out.destroy();
      await rm(path, { force: true });
      throw error;
    } finally {
      db.close();
    }
  },
});
