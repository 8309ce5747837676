import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { HistoryFilters } from '../../shared/ipc';
import { searchStoreHistory, type StoreHistoryFilters } from '../../main/core/store/store-history';
import { storeChannel } from '../../main/core/store/push-batch';
import {
  journalSale,
  migratedStore,
  startCounter,
  type StoreCounter,
} from '../integration/store/store-counter';
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
 * - sync lag: from a journal's commit of `paid` to visible at another counter (a connection
 *   that LISTENs like another counter's History). `sync_lag_ms_p95` is the store's own: 20
 *   counters (each its own journal file, outbox and replicator) idle while one sells.
 *   `sync_lag_ms_p95_load`: all 20 selling 500 sales each at once into one PostgreSQL;
 *   `sync_lag_ms_p95_100`: 100 counters selling 100 each. lost: sales never seen in the
 *   store; duplicated: ledger sale entries or events beyond the journal's own.
 * - the store History's query p95 over a store seeded to 10,000,000 attempts, with the
 *   history filter matrix plus counter and operator (PAYDESK_STORE_BENCH_ATTEMPTS sets the size).
 * - over_refunded: claims under 1,000 concurrent refunds from 20 counters (claims-bench.ts).
 * - audit_verify_ms_100k: another counter's Verify over a 100,000-row chain (store-audit-bench.ts).
 * - sign_in_ms_p50: a sign-in checked and counted by the store (store-sign-in-bench.ts).
 */
const counters = Number(process.env.PAYDESK_STORE_BENCH_COUNTERS ?? 20);
const salesPerCounter = Number(process.env.PAYDESK_STORE_BENCH_SALES ?? 500);

export interface StoreFigures {
  store: Awaited<ReturnType<typeof storeSyncFigures>> & {
    history_query_p95_ms_10m?: number;
    over_refunded?: number;
    audit_verify_ms_100k?: number;
    sign_in_ms_p50?: number;
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

/** A fresh store with `count` counters running their replicators, and a watcher on it. */
async function storeWithCounters(count: number) {
  const cluster = await startPgCluster();
  try {
    const url = await cluster.createDatabase('store');
    await migratedStore(url);
    const started: StoreCounter[] = [];
    for (let n = 1; n <= count; n += 1)
      started.push(await startCounter(url, counterName(n), { pollMs: 100 }));
    const written = new Map<string, number>();
    const seen = new Map<string, number>();
    const lags: number[] = [];
    const watcher = await watchStore(url, written, seen, lags);
    /** Notes a sale whose `paid` committed at `at` (epoch ms). */
    const committed = (attemptId: string, at: number) => {
      // Seen before its own message arrived (the listener was quicker): lag ~0.
      if (!seen.has(attemptId)) written.set(attemptId, at);
      else lags.push(Math.max(0, seen.get(attemptId)! - at));
    };
    const drain = async () => {
      const deadline = Date.now() + 60_000;
      while (started.some((c) => c.replicator.status().waiting > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      await watcher.settle();
    };
    const close = async () => {
      await watcher.stop();
      for (const counter of started) await counter.close();
      cluster.destroy();
    };
    return { url, counters: started, lags, committed, drain, close };
  } catch (error) {
    cluster.destroy();
    throw error;
  }
}

/**
 * The store's own sync lag: 20 counters idle (their replicators polling as always), one of
 * them sells a sale every 300 ms, 60 in all, and another counter's watcher notes when each
 * is visible. Commit to visible with nothing else going on, as a counter sees it.
 */
export async function idleSyncLag(sales = 60): Promise<number> {
  const store = await storeWithCounters(counters);
  try {
    const [seller] = store.counters;
    for (let n = 0; n < sales; n += 1) {
      const attemptId = journalSale(seller!.journal, 1_000 + n, `op-${n % 7}`);
      store.committed(attemptId, performance.timeOrigin + performance.now());
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await store.drain();
    if (store.lags.length !== sales) throw new Error(`${sales - store.lags.length} sales unseen`);
    return percentile(store.lags, 95);
  } finally {
    await store.close();
  }
}

/**
 * Every counter sells `sales` at once, the cashiers on `threads` threads (each serving its
 * share of the counters in turn, see store-bench-seller.ts): the load figure, which on a
 * shared machine mostly measures the counters sharing its cores.
 */
export async function replicationFigures(
  log: (line: string) => void,
  options: { counters: number; sales: number; threads: number },
) {
  const store = await storeWithCounters(options.counters);
  try {
    const sold: { attemptId: string; counter: StoreCounter }[] = [];
    const begin = performance.now();
    const byPath = new Map(store.counters.map((counter) => [counter.path, counter]));
    const shares = Array.from({ length: Math.min(options.threads, options.counters) }, (_, t) =>
      store.counters.filter((_counter, n) => n % options.threads === t).map((c) => c.path),
    );
    await Promise.all(
      shares.map(
        (paths) =>
          new Promise<void>((resolve, reject) => {
            const seller = new Worker(new URL('./store-bench-seller.ts', import.meta.url), {
              workerData: { paths, sales: options.sales },
              execArgv: ['--import', 'tsx'],
            });
            seller.on(
              'message',
              (message: { attemptId?: string; path?: string; at?: number; done?: true }) => {
                if (message.done) return resolve();
                const counter = byPath.get(message.path ?? '');
                if (message.attemptId === undefined || message.at === undefined || !counter) return;
                store.committed(message.attemptId, message.at);
                sold.push({ attemptId: message.attemptId, counter });
              },
            );
            seller.on('error', reject);
          }),
      ),
    );
    log(
      `store bench: ${sold.length} sales at ${options.counters} counters written in ${Math.round(performance.now() - begin)} ms`,
    );
    await store.drain();

    const client = new pg.Client({ connectionString: store.url });
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
    return { sales: sold.length, lost, duplicated, syncLagP95: percentile(store.lags, 95) };
  } finally {
    await store.close();
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

/** PAYDESK_STORE_BENCH_COUNTERS counters, then a call centre's 100, each selling the same 10,000 sales. */
const callCentre = { counters: 100, sales: (counters * salesPerCounter) / 100, threads: counters };

/**
 * The sync figures: the store's own lag (idle counters), then under load with 20 and with
 * 100 counters selling at once. lost and duplicated count over both loaded runs.
 */
export async function storeSyncFigures(log: (line: string) => void = console.log) {
  const idle = await idleSyncLag();
  const load = await replicationFigures(log, {
    counters,
    sales: salesPerCounter,
    threads: counters,
  });
  const hundred = await replicationFigures(log, callCentre);
  return {
    counters,
    sales: load.sales,
    lost: load.lost + hundred.lost,
    duplicated: load.duplicated + hundred.duplicated,
    sync_lag_ms_p95: idle,
    sync_lag_ms_p95_load: load.syncLagP95,
    sync_lag_ms_p95_100: hundred.syncLagP95,
  };
}

export async function runStoreBench(
  log: (line: string) => void = console.log,
  options: { syncOnly?: boolean } = {},
): Promise<StoreFigures | null> {
  const skip = pgSkipReason();
  if (skip !== null) {
    log(`store bench skipped: ${skip}`);
    return null;
  }
  const sync = await storeSyncFigures(log);
  if (options.syncOnly) return { store: sync };
  const attempts = Number(process.env.PAYDESK_STORE_BENCH_ATTEMPTS ?? 10_000_000);
  const historyP95 = await historyFigures(attempts, log);
  const claims = await overRefundFigures(log);
  const auditVerify = await storeAuditVerifyBench();
  const signIn = await storeSignInBench();
  return {
    store: {
      ...sync,
      history_query_p95_ms_10m: historyP95,
      over_refunded: claims.overRefunded,
      audit_verify_ms_100k: auditVerify,
      sign_in_ms_p50: signIn,
    },
  };
}
