import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { AttemptStatus, HistoryFilters } from '../../shared/ipc';
import { openJournal, type Journal } from '../../main/core/journal';
import { encodeCursor } from '../../main/core/journal/history-cursor';
import { migrate } from '../../main/core/journal/migrate';
import { migrations } from '../../main/core/journal/migrations';
import { openDatabase } from '../../main/core/journal/open-database';
import type { StoredAttempt } from '../../main/core/journal/attempt-rows';
import { insertAttempts } from '../integration/journal/seed-attempts';

/**
 * Journal figures on a million attempts: durable write latency through the public API,
 * p95 of a realistic mix of history searches, and a 100k-row CSV export. The fill writes
 * at schema version 1 (no search indexes) and lets openJournal's migration build them, as
 * an upgraded install would.
 */

const attemptCount = 1_000_000;
const spanMs = 730 * 24 * 3_600_000; // two years of trading
const start = Date.UTC(2024, 0, 1);

// Deterministic data (xorshift32), so runs compare.
let seed = 0x9e3779b9;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');

const statusWeights: [AttemptStatus, number][] = [
  ['paid', 0.7],
  ['declined', 0.1],
  ['authentication-failed', 0.05],
  ['cancelled', 0.05],
  ['refunded', 0.02],
  ['expired', 0.02],
  ['rejected', 0.02],
  ['error', 0.019],
  ['partially-refunded', 0.01],
  ['voided', 0.01],
  ['in-doubt', 0.0005],
  ['in-progress', 0.0005],
];
const statusOf = (x: number): AttemptStatus => {
  for (const [status, weight] of statusWeights) if ((x -= weight) < 0) return status;
  return 'paid';
};
const cards = [
  { brand: 'mada', first6: '588845', length: 16 },
  { brand: 'visa', first6: '411111', length: 16 },
  { brand: 'mastercard', first6: '512345', length: 16 },
  { brand: 'amex', first6: '371449', length: 15 },
  { brand: 'meeza', first6: '507803', length: 16 },
] as const;
const popularAmounts = [1000, 2500, 5000, 9900, 10000, 15000, 20000, 50000];
const names = ['AHMED ALI', 'SARA HASSAN', 'JOHN SMITH', 'FATIMA SAID', 'OMAR KHALED', 'LI WEI'];
const prefixes = ['INV', 'ORD', 'POS', 'TEL'];

/** A million finished attempts, oldest first; references count up per prefix. */
function* benchAttempts(): Generator<StoredAttempt> {
  const sequence = new Map<string, number>();
  for (let i = 0; i < attemptCount; i += 1) {
    const prefix = pick(prefixes);
    const n = (sequence.get(prefix) ?? 0) + 1;
    sequence.set(prefix, n);
    const card = pick(cards);
    const status = statusOf(random());
    const amount = random() < 0.3 ? pick(popularAmounts) : 100 + Math.floor(random() * 500_000);
    const createdAt = start + Math.floor(((i + random()) / attemptCount) * spanMs);
    const orderId = status === 'rejected' ? null : randomUUID();
    yield {
      attemptId: randomUUID(),
      merchantReferenceId: `${prefix}-${String(n).padStart(7, '0')}`,
      amountMinor: amount,
      currency: 'SAR',
      brand: card.brand,
      first6: card.first6,
      last4: digits(4),
      cardLength: card.length,
      holderName: pick(names),
      createdAt,
      state: 'paid',
      gatewayBaseUrl: null,
      merchantPublicKey: null,
      sessionCreatedAt: null,
      sessionExpiresAt: null,
      settleAfter: null,
      status,
      sessionId: randomUUID(),
      orderId,
      threeDSecureId: randomUUID(),
      failure: null,
      order:
        orderId === null
          ? null
          : {
              orderId,
              status: 'Success',
              detailedStatus: 'Paid',
              authorizationCode: digits(6),
              rrn: digits(12),
              capturedMinor: amount,
              refundedMinor: status === 'refunded' ? amount : 0,
              transactions: [],
            },
      refundedMinor: status === 'refunded' ? amount : 0,
      updatedAt: createdAt,
    };
  }
}

/** Writes the million attempts at schema version 1, in one transaction. */
function fill(path: string): void {
  const db = openDatabase(path);
  migrate(db, migrations.slice(0, 1), start);
  insertAttempts(db, benchAttempts());
  db.close();
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const timed = (work: () => void) => {
  const before = performance.now();
  work();
  return performance.now() - before;
};

/** Durable writes through the public API: one create and three transitions per attempt. */
function measureWrites(journal: Journal): number[] {
  const times: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    const attemptId = randomUUID();
    const createdAt = start + spanMs + i;
    const attempt = {
      attemptId,
      merchantReferenceId: `BENCH-${i}`,
      amountMinor: 1234,
      currency: 'SAR',
      brand: 'visa',
      first6: '411111',
      last4: '1111',
      holderName: 'BENCH',
      createdAt,
    } as const;
    times.push(timed(() => journal.createAttempt(attempt, { step: 'created', outcome: 'ok' })));
    for (const state of ['session', 'initiated', 'pay-sent', 'paid'] as const) {
      const patch = state === 'paid' ? { state, status: 'paid' as const } : { state };
      times.push(timed(() => journal.transition(attemptId, patch, { step: state, outcome: 'ok' })));
    }
  }
  return times;
}

type Sample = {
  attempt_id: string;
  created_at: number;
  merchant_reference_id: string;
  order_id: string | null;
  last4: string;
  amount_minor: number;
};

/** The history screen's searches, built from rows that exist. */
function searchMix(journal: Journal, samples: Sample[]): Map<string, number[]> {
  const kinds = new Map<string, number[]>();
  const run = (kind: string, filters: HistoryFilters, cursor: string | null = null) => {
    let next: string | null = null;
    const ms = timed(() => (next = journal.search(filters, cursor, 50).nextCursor));
    kinds.set(kind, [...(kinds.get(kind) ?? []), ms]);
    return next;
  };
  const day = 24 * 3_600_000;
  for (const row of samples) {
    const ref = row.merchant_reference_id;
    run('reference-full', { text: ref.toLowerCase() });
    run('reference-prefix', { text: ref.slice(0, 3 + Math.floor(random() * (ref.length - 3))) });
    if (row.order_id !== null) run('order-id-prefix', { text: row.order_id.slice(0, 8) });
    run('last4', { text: row.last4 });
    run('amount', { amountMinor: row.amount_minor });
    run('status', { statuses: [statusOf(random())] });
    run('statuses', { statuses: ['refunded', 'partially-refunded', 'voided'] });
    run('date-range', { fromMs: row.created_at - day, toMs: row.created_at });
    run('status-in-range', {
      statuses: ['declined'],
      fromMs: row.created_at - 7 * day,
      toMs: row.created_at,
    });
    run('deep-page', {}, encodeCursor({ createdAt: row.created_at, attemptId: row.attempt_id }));
  }
  let cursor: string | null = null;
  for (let page = 0; page < 40; page += 1)
    cursor = run('paging', { statuses: ['declined'] }, cursor);
  return kinds;
}

async function measureExport(journal: Journal, dir: string, fromMs: number): Promise<number> {
  const out = createWriteStream(join(dir, 'export.csv'));
  const before = performance.now();
  const rows = await journal.exportCsv({ fromMs }, out);
  out.end();
  await finished(out);
  const ms = performance.now() - before;
  if (rows !== 100_000) throw new Error(`export wrote ${rows} rows, expected 100000`);
  return ms;
}

export async function runJournalBench(): Promise<{
  journal_insert_ms_p50: number;
  history_query_p95_ms_1m: number;
  csv_export_100k_ms: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-journal-bench-'));
  try {
    const path = join(dir, 'journal.sqlite');
    const fillMs = timed(() => fill(path));
    let migrateMs = 0;
    let journal: Journal | undefined;
    migrateMs = timed(() => (journal = openJournal({ path, clock: { now: () => Date.now() } })));
    if (journal === undefined) throw new Error('journal did not open');
    const sampleDb = openDatabase(path, { readOnly: true });
    const samples = sampleDb
      .prepare(
        `SELECT attempt_id, created_at, merchant_reference_id, order_id, last4, amount_minor
        FROM attempts WHERE rowid % 5003 = 0 LIMIT 60`,
      )
      .all() as Sample[];
    const exportFrom = sampleDb
      .prepare('SELECT created_at FROM attempts ORDER BY created_at DESC LIMIT 1 OFFSET 99999')
      .get() as { created_at: number };
    sampleDb.close();

    const kinds = searchMix(journal, samples);
    const exportMs = await measureExport(journal, dir, exportFrom.created_at);
    const writes = measureWrites(journal);
    journal.close();

    const all = [...kinds.values()].flat();
    if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
      console.log(
        `fill ${attemptCount} rows: ${fillMs.toFixed(0)} ms; index migration: ${migrateMs.toFixed(0)} ms`,
      );
      for (const [kind, times] of kinds) {
        console.log(
          `  ${kind.padEnd(18)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  max ${Math.max(...times).toFixed(2)} ms`,
        );
      }
    }
    return {
      journal_insert_ms_p50: percentile(writes, 50),
      history_query_p95_ms_1m: percentile(all, 95),
      csv_export_100k_ms: exportMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runJournalBench());
}
