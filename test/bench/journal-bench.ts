import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AttemptStatus, HistoryFilters } from '../../shared/ipc';
import { openJournal, type Journal } from '../../main/core/journal';
import { summaryArrays } from '../../main/core/journal/attempt-rows';
import type { HistoryPosition } from '../../main/core/journal/history-cursor';
import { searchHistory } from '../../main/core/journal/history-search';
import { historyArms, normaliseFilters } from '../../main/core/journal/history-sql';
import { startJournalReader, type JournalReader } from '../../main/core/reader/journal-reader';
import { migrate } from '../../main/core/platform/migrate';
import { migrations } from '../../main/core/journal/migrations';
import { openDatabase } from '../../main/core/platform/open-database';
import { statementCache } from '../../main/core/platform/statement-cache';
import { benchOperators, popularAmounts, seedJournal, seedJournalDigest } from './seed-journal';

/**
 * Journal figures on 1M and 10M attempts: p95 of the history's full
 * filter matrix, how long the main process is ever busy while the reader thread runs a
 * 10M-row search and a 1M-row CSV export, start-up on a 1M journal, durable write latency.
 * The reader thread is electron-vite's build of it (npm run bench builds first), as the app
 * runs it. Both journals are generated once and kept in the temp folder for later runs.
 */

const dayMs = 86_400_000;
const builtReader = new URL('../../out/main/journal-reader.js', import.meta.url);
/** Each migration as `version:sha`, to tell whether a cached file's schema is a prefix of ours. */
const migrationKeys = migrations.map(
  (step) => `${step.version}:${createHash('sha256').update(step.sql).digest('hex').slice(0, 12)}`,
);

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

interface Sample {
  createdAt: number;
  reference: string;
  orderId: string;
  last4: string;
  amount: number;
}

/** Rows spread over the journal, newest first: the values searches are built from. */
function samplesOf(path: string, count: number): Sample[] {
  const db = openDatabase(path, { readOnly: true });
  try {
    const stride = Math.floor(count / 8);
    return [1, 2, 5, 7].map((k) => {
      const row = db
        .prepare(
          `SELECT created_at, merchant_reference_id, order_id, last4, amount_minor
           FROM attempts WHERE rowid = ?`,
        )
        .get(count - k * stride + 1);
      return {
        createdAt: Number(row?.created_at),
        reference: String(row?.merchant_reference_id),
        orderId: String(row?.order_id),
        last4: String(row?.last4),
        amount: Number(row?.amount_minor),
      };
    });
  } finally {
    db.close();
  }
}

/**
 * Every combination the History screen offers: text (none, a recent reference prefix, an
 * old one, an order id prefix, last 4 digits) × status (none, common, uncommon, rare, the
 * refund group) × amount (none, popular, the sample's own) × dates (none, one day, thirty
 * days) × operator (none, a regular cashier, the newer one with 1% of rows, the trainee
 * with 0.02%: a cashier's own history is every other combination with their operator);
 * each as a first page and the page after it.
 */
function filterMatrix(sample: Sample, newest: Sample): HistoryFilters[] {
  const texts = [
    undefined,
    newest.reference.slice(0, 9),
    sample.reference.slice(0, 8),
    sample.orderId.slice(0, 6),
    sample.last4,
  ];
  const statuses: (AttemptStatus[] | undefined)[] = [
    undefined,
    ['paid'],
    ['declined'],
    ['voided'],
    ['refunded', 'partially-refunded', 'voided'],
  ];
  const amounts = [undefined, popularAmounts[4], sample.amount];
  const dates = [
    {},
    { fromMs: sample.createdAt - dayMs, toMs: sample.createdAt },
    { fromMs: sample.createdAt - 30 * dayMs, toMs: sample.createdAt },
  ];
  const operators = [
    undefined,
    benchOperators.regular[0],
    benchOperators.newer,
    benchOperators.trainee,
  ];
  const matrix: HistoryFilters[] = [];
  for (const text of texts)
    for (const status of statuses)
      for (const amountMinor of amounts)
        for (const range of dates)
          for (const operatorId of operators)
            matrix.push({
              ...(text === undefined ? {} : { text }),
              ...(status === undefined ? {} : { statuses: status }),
              ...(amountMinor === undefined ? {} : { amountMinor }),
              ...range,
              ...(operatorId === undefined ? {} : { operatorId }),
            });
  return matrix;
}

/** Times every matrix search and the page after it, on a connection like the reader's. */
function measureMatrix(path: string, samples: Sample[]): { times: number[]; worst: string } {
  const db = openDatabase(path, { readOnly: true });
  const prepare: (sql: string) => StatementSync = statementCache(db);
  const [newest] = samples;
  const times: number[] = [];
  let worst = { ms: 0, what: '' };
  const run = (filters: HistoryFilters, cursor: string | null) => {
    const started = performance.now();
    const page = searchHistory(prepare, filters, cursor, 100);
    const ms = performance.now() - started;
    if (ms > worst.ms) worst = { ms, what: `${JSON.stringify(filters)}${cursor ? ' page 2' : ''}` };
    return { ms, next: page.nextCursor };
  };
  try {
    // One unmeasured pass warms the cache, as a History screen in use is.
    for (const filters of filterMatrix(samples[3] ?? newest!, newest!)) run(filters, null);
    for (const sample of samples.slice(0, 3)) {
      for (const filters of filterMatrix(sample, newest!)) {
        const first = run(filters, null);
        times.push(first.ms);
        if (first.next !== null) times.push(run(filters, first.next).ms);
      }
    }
  } finally {
    db.close();
  }
  return { times, worst: `${round(worst.ms)} ms: ${worst.what}` };
}

/**
 * The longest the main thread went without running a 1 ms timer while `work` ran: what
 * the window and IPC would have waited. `idle` is the same measure with nothing running,
 * the machine's own scheduling noise.
 */
async function longestBlock(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

const startReader = (path: string): JournalReader =>
  startJournalReader({
    path,
    entry: { url: builtReader, execArgv: [] },
    logger: console,
    onThreadError: (error) => console.error('reader thread failed', error),
  });

/** Open, reconcile (nothing in doubt), start the reader thread, answer the first page. */
async function measureStartup(path: string): Promise<number> {
  const started = performance.now();
  const journal = openJournal({ path, clock: { now: () => Date.now() } });
  // The reconciler's start-up reads: in-doubt records and attempts left running.
  if (journal.inDoubt().length > 0) throw new Error('bench journal has in-doubt rows');
  journal.search({ statuses: ['in-progress'] }, null, 100);
  const reader = startReader(path);
  const page = await reader.search({}, null, 100);
  const ms = performance.now() - started;
  if (page.rows.length !== 100) throw new Error('first history page is short');
  await reader.close();
  journal.close();
  return ms;
}

/** Durable writes through the public API: one create and four transitions per attempt. */
function measureWrites(journal: Journal): number[] {
  const times: number[] = [];
  const timed = (work: () => void) => {
    const before = performance.now();
    work();
    times.push(performance.now() - before);
  };
  for (let i = 0; i < 100; i += 1) {
    const attemptId = randomUUID();
    const attempt = {
      attemptId,
      merchantReferenceId: `BENCH-${i}`,
      amountMinor: 1234,
      currency: 'SAR',
      brand: 'visa',
      first6: '411111',
      last4: '1111',
      holderName: 'BENCH',
      createdAt: Date.now() + i,
    } as const;
    timed(() => journal.createAttempt(attempt, { step: 'created', outcome: 'ok' }));
    for (const state of ['session', 'initiated', 'pay-sent', 'paid'] as const) {
      const patch = state === 'paid' ? { state, status: 'paid' as const } : { state };
      timed(() => journal.transition(attemptId, patch, { step: state, outcome: 'ok' }));
    }
  }
  return times;
}

/**
 * A seeded journal of `count` attempts over `spanMs`, generated on first use (the 10M one in
 * about 25 minutes) and kept in the temp folder for later runs. Its name carries the digest
 * of the generator (seed-journal.ts), and a sidecar lists the migrations it was built with:
 * when ours only add to them, the pending ones run on the cached file, as on an upgraded
 * install; any other difference in the schema rebuilds it.
 */
export function cachedJournal(count: number, spanMs: number): { path: string; seeded: boolean } {
  const dir = join(tmpdir(), 'paydesk-bench-cache');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `journal-${count}-${seedJournalDigest}.sqlite`);
  const schema = `${path}.migrations`;
  const built = existsSync(schema) ? readFileSync(schema, 'utf8').split('\n') : [];
  const prefix = built.length > 0 && built.every((key, index) => migrationKeys[index] === key);
  if (existsSync(path) && prefix) {
    if (built.length < migrationKeys.length) {
      selfContained(path, (db) => migrate(db, migrations, Date.now()));
      writeFileSync(schema, migrationKeys.join('\n'));
    }
    return { path, seeded: false };
  }
  rmSync(schema, { force: true });
  const building = `${path}.building`;
  rmSync(building, { force: true });
  const times = seedJournal(building, count, spanMs);
  console.log(
    `seeded ${count} rows: fill ${times.fillMs.toFixed(0)} ms, indexes ${times.migrateMs.toFixed(0)} ms`,
  );
  selfContained(building, () => undefined);
  // Renamed only when complete, so an interrupted run never leaves a half-built cache.
  renameSync(building, path);
  writeFileSync(schema, migrationKeys.join('\n'));
  return { path, seeded: true };
}

/** Runs `work` on the file and leaves it one self-contained file (no -wal beside it). */
function selfContained(path: string, work: (db: DatabaseSync) => void): void {
  const db = openDatabase(path);
  try {
    work(db);
    db.exec('PRAGMA journal_mode = DELETE');
  } finally {
    db.close();
  }
}

export interface JournalFigures {
  journal_insert_ms_p50: number;
  history_query_p95_ms_1m: number;
  history_query_p95_ms_10m: number;
  main_thread_block_ms_max: number;
  main_thread_idle_lag_ms_max: number;
  /** Which reader-thread work the main thread's longest wait came from. */
  main_thread_block_ms_parts: { searches_10m: number; csv_export_1m: number };
  startup_ms_1m: number;
  csv_export_1m_ms: number;
  csv_read_rows_1m_ms: number;
}

const smallSpanMs = 730 * dayMs;

/** The main thread's noise floor: the longest a 1 ms timer waits with nothing running. */
const idleLag = () => longestBlock(() => new Promise((resolve) => setTimeout(resolve, 2_000)));

/**
 * A CSV export of every row of the 1M journal on the reader thread, and the longest the
 * main thread waited meanwhile. The export only reads, so it reads the cached file itself.
 */
export async function csvExportFigures(
  smallRows = 1_000_000,
): Promise<
  Pick<
    JournalFigures,
    | 'csv_export_1m_ms'
    | 'csv_read_rows_1m_ms'
    | 'main_thread_block_ms_max'
    | 'main_thread_idle_lag_ms_max'
  >
> {
  requireBuiltReader();
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-csv-bench-'));
  try {
    const journalPath = cachedJournal(smallRows, smallSpanMs).path;
    // The file is read once first, as the journal of a counter in use sits in the OS cache:
    // the figure is the export's work, not this machine's disk (after the 10M searches the
    // 1M file is out of the cache, and reading it cold took 17.5 s here in one run).
    await pipeline(
      createReadStream(journalPath),
      new Writable({ write: (_c, _e, done) => done() }),
    );
    const idle = await idleLag();
    const reader = startReader(journalPath);
    let exportMs = 0;
    const block = await longestBlock(async () => {
      const started = performance.now();
      const outcome = await reader.exportCsv({}, join(dir, 'all.csv'), () => undefined);
      exportMs = performance.now() - started;
      if (outcome.rows !== smallRows) throw new Error(`export wrote ${outcome.rows} rows`);
    });
    await reader.close();
    return {
      csv_export_1m_ms: round(exportMs),
      csv_read_rows_1m_ms: round(readRowsMs(journalPath)),
      main_thread_block_ms_max: round(block),
      main_thread_idle_lag_ms_max: round(idle),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The export's floor: every row read as it reads them (the history's one ordered arm, pages
 * of 2,000 as arrays), made into JavaScript values and nothing more: no check, no guard, no
 * formatting, no file.
 */
function readRowsMs(path: string): number {
  const db = openDatabase(path, { readOnly: true });
  try {
    const prepare = statementCache(db);
    const filters = normaliseFilters({});
    const started = performance.now();
    let before: HistoryPosition | null = null;
    for (;;) {
      const [arm] = historyArms(filters, before);
      if (arm?.kind !== 'ordered') throw new Error('the whole history is not one ordered arm');
      const page = summaryArrays(prepare(arm.sql)).all({ ...arm.params, limit: 2_000 });
      const last = page.at(-1) as unknown as [string, number] | undefined;
      if (last === undefined || page.length < 2_000) break;
      before = { attemptId: last[0], createdAt: last[1] };
    }
    return performance.now() - started;
  } finally {
    db.close();
  }
}

function requireBuiltReader() {
  if (!existsSync(fileURLToPath(builtReader))) {
    throw new Error('out/main/journal-reader.js is missing: run `npx electron-vite build` first');
  }
}

export async function runJournalBench(
  counts = { small: 1_000_000, large: 10_000_000 },
): Promise<JournalFigures> {
  requireBuiltReader();
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-journal-bench-'));
  try {
    const small = join(dir, 'journal.sqlite');
    // A copy of the cached file: the write figure below adds rows to it.
    copyFileSync(cachedJournal(counts.small, smallSpanMs).path, small);
    const startups = [];
    for (let i = 0; i < 5; i += 1) startups.push(await measureStartup(small));

    const smallMatrix = measureMatrix(small, samplesOf(small, counts.small));
    console.log(`1M: ${smallMatrix.times.length} searches, slowest ${smallMatrix.worst}`);

    const large = cachedJournal(counts.large, 5 * 365 * dayMs);
    const largeMatrix = measureMatrix(large.path, samplesOf(large.path, counts.large));
    console.log(`10M: ${largeMatrix.times.length} searches, slowest ${largeMatrix.worst}`);

    // The main thread while the reader thread works: the 10M matrix's searches, then an
    // export of all 1M rows of the small journal.
    const largeReader = startReader(large.path);
    const [newest] = samplesOf(large.path, counts.large);
    const searchBlock = await longestBlock(async () => {
      for (const filters of filterMatrix(newest!, newest!))
        await largeReader.search(filters, null, 100);
    });
    await largeReader.close();
    const csv = await csvExportFigures(counts.small);

    const journal = openJournal({ path: small, clock: { now: () => Date.now() } });
    const writes = measureWrites(journal);
    journal.close();

    return {
      journal_insert_ms_p50: round(percentile(writes, 50)),
      history_query_p95_ms_1m: round(percentile(smallMatrix.times, 95)),
      history_query_p95_ms_10m: round(percentile(largeMatrix.times, 95)),
      main_thread_block_ms_max: round(Math.max(searchBlock, csv.main_thread_block_ms_max)),
      main_thread_block_ms_parts: {
        searches_10m: round(searchBlock),
        csv_export_1m: csv.main_thread_block_ms_max,
      },
      main_thread_idle_lag_ms_max: csv.main_thread_idle_lag_ms_max,
      startup_ms_1m: round(percentile(startups, 50)),
      csv_export_1m_ms: csv.csv_export_1m_ms,
      csv_read_rows_1m_ms: csv.csv_read_rows_1m_ms,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Smaller journals for a quick look while working on the queries.
  const small = Number(process.env.BENCH_SMALL_ROWS ?? 1_000_000);
  const large = Number(process.env.BENCH_LARGE_ROWS ?? 10_000_000);
  console.log(await runJournalBench({ small, large }));
}
