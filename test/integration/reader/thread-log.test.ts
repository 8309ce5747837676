import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLineSink } from '../../../main/core/logging/line-sink';
import { createLogger } from '../../../main/core/logging/redacting-logger';
import { startJournalReader, type JournalReader } from '../../../main/core/reader/journal-reader';
import { sourceReaderEntry } from '../../../main/core/reader/reader-thread-source';
import { tempJournal } from '../journal/temp-journal';

// A packaged app keeps no stderr: the reader thread's lines must reach main's log sink, and
// pass its redaction on the way like any line of main's own.
let t: ReturnType<typeof tempJournal>;
let reader: JournalReader;
const lines: string[] = [];

beforeAll(() => {
  t = tempJournal();
  reader = startJournalReader({
    path: t.path,
    entry: sourceReaderEntry,
    logger: createLogger(createLineSink((line) => lines.push(line), Date.now)),
    onThreadError: (error) => {
      throw error;
    },
  });
});
afterAll(async () => {
  await reader.close();
  t.remove();
});

describe('the reader thread’s log lines', () => {
  // A timeout of its own: starting a worker through tsx takes seconds on a busy machine.
  it('reach main’s redacting sink, a card number in them masked', async () => {
    // A folder named after a card number that does not exist: the export fails, as a bug.
    // (Letters before the digits: the temp folder's own name may end in a digit, which the
    // redactor would read as part of one longer number.)
    const path = join(t.dir, 'card-4111111111111111', 'history.csv');
    await expect(reader.exportCsv({}, path, () => undefined)).rejects.toThrow();
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'error',
      message: 'journal reader: read failed',
      op: 'export-csv',
    });
    expect(lines.join('\n')).toContain('411111******1111');
    expect(lines.join('\n')).not.toContain('4111111111111111');
  }, 30_000);
});
