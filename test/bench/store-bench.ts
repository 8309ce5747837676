import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { HistoryFilters } from '../../shared/ipc';
import { searchStoreHistory, type StoreHistoryFilters } from '../../main/core/store/store-history';
import { storeChannel } from '../../main/core/store/push-batch';
import { migratedStore, startCounter, type StoreCounter } from '../integration/store/store-counter';
import { pgSkipReason, startPgCluster } from '../support/pg-cluster';
import { overRefundFigures } from './claims-bench';
import { percentile } from './journal-bench';
import { storeAuditVerifyBench } from './store-audit-bench';
import { storeSignInBench } from './store-sign-in-bench';
import {
  counterName,
  seededCounters,
  seededOperators,
  seededStore,
  seedSpanMs,
  seedStart,
} from './store-seed';

/**
 * Store mode figures:
 * - 20 counters (each its own journal file, outbox and replicator) selling 500 sales each at
 *   once into one PostgreSQL; a 21st connection LISTENs like another counter's History and
 *   notes when each sale is visible there. lost: sales never seen in the store; duplicated:
 *   ledger sale entries or events beyond the journal's own; sync lag: from the journal's
 *   commit of `paid` to visible on the listener.
 * - the store History's query p95 over a store seeded to 10,000,000 attempts, with the
 *   history filter matrix plus counter and operator (PAYDESK_STORE_BENCH_ATTEMPTS sets the size).
 * - over_refunded: claims under 1,000 concurrent refunds from 20 counters (claims-bench.ts).
 * - audit_verify_ms_100k: another counter's Verify over a 100,000-row chain (store-audit-bench.ts).
 * - sign_in_ms_p50: a sign-in checked and counted by the store (store-sign-in-bench.ts).
 */
const counters = Number(process.env.PAYDESK_STORE_BENCH_COUNTERS ?? 20);
const salesPerCounter = Number(process.env.PAYDESK_STORE_BENCH_SALES ?? 500);

export interface StoreFigures {
  store: {
    counters: number;
    sales: number;
    lost: number;
    duplicated: number;
    sync_lag_ms_p95: number;
    history_query_p95_ms_10m: number;
    over_refunded: number;
    audit_verify_ms_100k: number;
    sign_in_ms_p50: number;
  };
}

/** Watches the store as another counter would: NOTIFY, then what changed since last time. */
async function watchStore(
  url: string,
  written: Map<string, number>,
  seen: Map<string, number>,
  lags: number[],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let lastSeq = 0;
  let running: Promise<void> | null = null;
  let again = false;
  const look = async () => {
    const found = await client.query<{ attempt_id: string; seq: number }>(
      `SELECT attempt_id, change_seq::float8 AS seq FROM store_attempts
       WHERE change_seq > $1 AND status = 'paid' ORDER BY change_seq`,
      [lastSeq],
    );
    const now = performance.timeOrigin + performance.now();
    for (const row of found.rows) {
      lastSeq = Math.max(lastSeq, row.seq);
      const at = written.get(row.attempt_id);
      if (at !== undefined) {
        lags.push(now - at);
        written.delete(row.attempt_id);
      } else seen.set(row.attempt_id, now);
    }
  };
  const kick = () => {
    if (running !== null) {
      again = true;
      return;
    }
    running = look().finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
  };
  client.on('notification', kick);
  await client.query(`LISTEN ${storeChannel}`);
  return { stop: () => client.end(), settle: () => running ?? Promise.resolve() };
}

export async function replicationFigures(log: (line: string) => void) {
  const cluster = await startPgCluster();
  try {
    const url = await cluster.createDatabase('store');
    await migratedStore(url);
    const started: StoreCounter[] = [];
    for (let n = 1; n <= counters; n += 1)
      started.push(await startCounter(url, counterName(n), { pollMs: 100 }));
    const written = new Map<string, number>();
    const seen = new Map<string, number>();
    const lags: number[] = [];
    const watcher = await watchStore(url, written, seen, lags);
    const sold: { attemptId: string; counter: StoreCounter }[] = [];
    const begin = performance.now();
    // Every counter sells at once, each on its own thread (see store-bench-seller.ts).
    await Promise.all(
      started.map(
        (counter) =>
          new Promise<void>((resolve, reject) => {
            const seller = new Worker(new URL('./store-bench-seller.ts', import.meta.url), {
              workerData: { path: counter.path, sales: salesPerCounter },
              execArgv: ['--import', 'tsx'],
            });
            seller.on('message', (message: { attemptId?: string; at?: number; done?: true }) => {
              if (message.done) return resolve();
              if (message.attemptId === undefined || message.at === undefined) return;
              // Seen before its own message arrived (the listener was quicker): lag ~0.
              if (!seen.has(message.attemptId)) written.set(message.attemptId, message.at);
              else lags.push(Math.max(0, seen.get(message.attemptId)! - message.at));
              sold.push({ attemptId: message.attemptId, counter });
            });
            seller.on('error', reject);
          }),
      ),
    );
    log(`store bench: ${sold.length} sales written in ${Math.round(performance.now() - begin)} ms`);
    const deadline = Date.now() + 60_000;
    while (started.some((c) => c.replicator.status().waiting > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await watcher.settle();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const inStore = await client.query<{ attempt_id: string; counter_id: string; status: string }>(
      'SELECT attempt_id, counter_id, status FROM store_attempts',
    );
    const paid = new Set(inStore.rows.filter((r) => r.status === 'paid').map((r) => r.attempt_id));
    const lost = sold.filter((sale) => !paid.has(sale.attemptId)).length;
    const extraLedger = await client.query<{ n: string }>(
      `SELECT coalesce(sum(c - 1), 0) AS n FROM (SELECT count(*) AS c FROM store_ledger
       WHERE kind = 'sale' GROUP BY counter_id, record_id) AS per_sale`,
    );
    const events = await client.query<{ n: string }>('SELECT count(*) AS n FROM store_events');
    const expectedEvents = sold.length * 5;
    const duplicated =
      Number(extraLedger.rows[0]?.n ?? 0) + Math.max(0, Number(events.rows[0]?.n) - expectedEvents);
    await client.end();
    await watcher.stop();
    for (const counter of started) await counter.close();
    return { sales: sold.length, lost, duplicated, syncLagP95: percentile(lags, 95) };
  } finally {
    cluster.destroy();
  }
}

const digits = (n: number, seed: number) =>
  String(Math.abs((seed * 2_654_435_761) % 10 ** n)).padStart(n, '0');

/** The history filter matrix over the seeded store, each kind several times with fresh values. */
export async function historyFigures(attempts: number, log: (line: string) => void) {
  const { cluster, url } = await seededStore(attempts, log);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const day = 24 * 3_600_000;
    const kinds: [string, (i: number) => StoreHistoryFilters][] = [
      ['newest', () => ({})],
      ['reference-full', (i) => ({ text: `inv-${4 * (1_000 + i * 7_919)}` })],
      ['reference-prefix', (i) => ({ text: `POS-${(i % 9) + 1}${i}` })],
      ['order-id-prefix', (i) => ({ text: digits(6, i + 1).replace(/^/, 'a') })],
      ['last4', (i) => ({ text: digits(4, i + 3) })],
      [
        'status',
        (i) => ({ statuses: [(['declined', 'refunded', 'in-doubt', 'voided'] as const)[i % 4]!] }),
      ],
      ['statuses', () => ({ statuses: ['refunded', 'partially-refunded', 'voided'] })],
      ['amount', (i) => ({ amountMinor: [1000, 2500, 9900][i % 3] })],
      [
        'date-range',
        (i) => ({
          fromMs: seedStart + ((i * 37) % 700) * day,
          toMs: seedStart + (((i * 37) % 700) + 1) * day,
        }),
      ],
      ['counter', (i) => ({ counterId: counterName((i % seededCounters) + 1) })],
      ['operator', (i) => ({ operatorId: `op-${(i * 31) % seededOperators}` })],
      [
        'counter+status',
        (i) => ({ counterId: counterName((i % seededCounters) + 1), statuses: ['declined'] }),
      ],
      [
        'operator+date',
        (i) => ({
          operatorId: `op-${i % seededOperators}`,
          fromMs: seedStart + seedSpanMs / 2,
          toMs: seedStart + seedSpanMs / 2 + 30 * day,
        }),
      ],
      [
        'counter+operator',
        (i) => ({
          counterId: counterName((i % seededCounters) + 1),
          operatorId: `op-${(i * 3) % seededOperators}`,
        }),
      ],
    ];
    const times: number[] = [];
    for (const [kind, filters] of kinds) {
      const own: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const started = performance.now();
        const page = await searchStoreHistory(pool, filters(i) as HistoryFilters, null, 50);
        own.push(performance.now() - started);
        if (page.nextCursor !== null && i % 3 === 0) {
          const next = performance.now();
          await searchStoreHistory(pool, filters(i) as HistoryFilters, page.nextCursor, 50);
          own.push(performance.now() - next);
        }
      }
      times.push(...own.slice(2)); // the first reads warm the cache, as the screen's first search does
      log(
        `  ${kind.padEnd(18)} p50 ${percentile(own, 50).toFixed(2)} ms  p95 ${percentile(own, 95).toFixed(2)} ms`,
      );
    }
    return percentile(times, 95);
  } finally {
    await pool.end();
    cluster.stop();
  }
}

export async function runStoreBench(
  log: (line: string) => void = console.log,
): Promise<StoreFigures | null> {
  const skip = pgSkipReason();
  if (skip !== null) {
    log(`store bench skipped: ${skip}`);
    return null;
  }
  const replication = await replicationFigures(log);
  const attempts = Number(process.env.PAYDESK_STORE_BENCH_ATTEMPTS ?? 10_000_000);
  const historyP95 = await historyFigures(attempts, log);
  const claims = await overRefundFigures(log);
  const auditVerify = await storeAuditVerifyBench();
  const signIn = await storeSignInBench();
  return {
    store: {
      counters,
      sales: replication.sales,
      lost: replication.lost,
      duplicated: replication.duplicated,
      sync_lag_ms_p95: replication.syncLagP95,
      history_query_p95_ms_10m: historyP95,
      over_refunded: claims.overRefunded,
      audit_verify_ms_100k: auditVerify,
      sign_in_ms_p50: signIn,
    },
  };
}
