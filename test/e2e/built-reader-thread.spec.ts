import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openJournal } from '../../main/core/journal';
import { startJournalReader } from '../../main/core/reader/journal-reader';

/**
 * The reader thread as Electron runs it: electron-vite's own output (npm run test:e2e builds
 * first), loaded as plain JavaScript with no TypeScript loader, from the place main/index.ts
 * looks for it, beside out/main/index.js.
 */
const built = new URL('../../out/main/journal-reader.js', import.meta.url);

test('the built journal reader entry answers history reads without tsx', async () => {
  expect(existsSync(fileURLToPath(built))).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-built-reader-'));
  const path = join(dir, 'journal.sqlite');
  const journal = openJournal({ path, clock: { now: () => Date.UTC(2026, 0, 1) } });
  journal.createAttempt(
    {
      attemptId: '00000000-0000-4000-8000-000000000001',
      merchantReferenceId: 'BUILT-1',
      amountMinor: 1000,
      currency: 'SAR',
      brand: 'visa',
      first6: '411111',
      last4: '1111',
      holderName: 'A B',
      createdAt: Date.UTC(2026, 0, 1),
    },
    { step: 'created', outcome: 'ok' },
  );
  const reader = startJournalReader({
    path,
    entry: { url: built, execArgv: [] },
    logger: console,
    onThreadError: (error) => {
      throw error;
    },
  });
  try {
    const page = await reader.search({ text: 'built' }, null, 10);
    expect(page.rows.map((row) => row.merchantReferenceId)).toEqual(['BUILT-1']);
    const csv = join(dir, 'out.csv');
    expect(await reader.exportCsv({}, csv, () => {})).toEqual({ rows: 1, cancelled: false });
  } finally {
    await reader.close();
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
