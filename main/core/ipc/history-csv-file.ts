import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { HistoryFilters } from '../../../shared/ipc';
import type { Journal } from '../journal/journal';

/**
 * Streams the journal's CSV into `path` (100k rows stay out of memory) and resolves with the
 * row count once the file is flushed. On failure the stream is destroyed and the error
 * propagates, so a half-written file is never reported as an export.
 */
export async function writeHistoryCsv(
  journal: Journal,
  filters: HistoryFilters,
  path: string,
): Promise<number> {
  const out = createWriteStream(path, { flags: 'w' });
  try {
    const rows = await journal.exportCsv(filters, out);
    out.end();
    await finished(out);
    return rows;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
