import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runEngineBench } from './engine-bench';
import { runFaultMatrix } from './fault-matrix';
import { csvExportFigures, runJournalBench } from './journal-bench';
import { runLinkBench } from './link-bench';
import { runSecurityBench } from './security-bench';
import { runShiftBench } from './shift-bench';
import { runStoreBench } from './store-bench';

/**
 * `npm run bench [-- part…]`: the figures with their limits, printed as a table with a
 * verdict per judged figure and written to bench-results.json at the repository root
 * (git-ignored). With no parts, every part runs; with parts, only those, and their figures
 * replace the same keys of the last results file. Each part's wall time is printed. The
 * fault matrix takes PAYDESK_FAULT_SEED (repeat a run) and PAYDESK_FAULT_CASES (its size).
 */
const resultsPath = fileURLToPath(new URL('../../bench-results.json', import.meta.url));

/** What each part measures; `journal` includes the `csv` export, `store` the `sync` figures. */
const parts = {
  engine: () => runEngineBench(),
  journal: () => runJournalBench(),
  csv: () => csvExportFigures(),
  faults: () => runFaultMatrix(),
  security: () => runSecurityBench(),
  shifts: () => runShiftBench(),
  links: () => runLinkBench(),
  store: () => runStoreBench(),
  sync: () => runStoreBench(console.log, { syncOnly: true }),
} as const;
type Part = keyof typeof parts;
const everything: Part[] = ['engine', 'journal', 'faults', 'security', 'shifts', 'links', 'store'];

const isPart = (name: string): name is Part => Object.hasOwn(parts, name);
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !isPart(name));
if (unknown.length > 0) {
  console.error(`unknown part: ${unknown.join(', ')}; parts: ${Object.keys(parts).join(' ')}`);
  process.exit(2);
}
const chosen = asked.length === 0 ? everything : asked.filter(isPart);

type Figures = Record<string, unknown>;
const results: Figures = {};
const partTimes: [Part, number][] = [];
for (const part of chosen) {
  const started = performance.now();
  console.log(`\n== ${part}`);
  Object.assign(results, (await parts[part]()) ?? {});
  const seconds = (performance.now() - started) / 1000;
  partTimes.push([part, seconds]);
  console.log(`== ${part}: ${seconds.toFixed(1)} s`);
}

/** A figure by its dotted name (`store.sync_lag_ms_p95`), when this run measured it. */
const figure = (name: string): number | undefined => {
  const value = name
    .split('.')
    .reduce<unknown>((at, key) => (at as Figures | undefined)?.[key], results);
  return typeof value === 'number' ? value : undefined;
};
const atMost = (limit: number) => (value: number) => value <= limit;
const atLeast = (limit: number) => (value: number) => value >= limit;

interface Row {
  name: string;
  /** Shown after the value: the limit, or what the figure is. */
  note: string;
  /** The verdict, for a judged figure. */
  judge?: (value: number) => boolean;
  /** A figure computed from others of this run rather than read from the results. */
  value?: () => number | undefined;
}

const paidMs = () => figure('time_to_paid_ms.paydesk');
const rows: Row[] = [
  { name: 'time_to_challenge_ms.paydesk', note: '<= 130 (RTT + 30)', judge: atMost(130) },
  { name: 'time_to_challenge_ms.naive', note: '' },
  { name: 'time_to_challenge_ms.ratio', note: '>= 2', judge: atLeast(2) },
  {
    name: 'time_to_challenge_800ms_method_ms.paydesk',
    note: '<= 130 (RTT + 30)',
    judge: atMost(130),
  },
  { name: 'time_to_challenge_800ms_method_ms.naive', note: '' },
  { name: 'time_to_challenge_800ms_method_ms.ratio', note: '>= 4', judge: atLeast(4) },
  { name: 'time_to_paid_ms.paydesk', note: '<= 210 (two RTTs + 5%)', judge: atMost(210) },
  { name: 'time_to_paid_ms.naive', note: '' },
  { name: 'round_trip_ms_p50', note: '(one warm round trip through the delay proxy)' },
  {
    name: 'time_to_paid_beyond_two_round_trips_ms',
    note: '(time_to_paid_ms.paydesk - 2 x round_trip_ms_p50)',
    value: () => {
      const paid = paidMs();
      const roundTrip = figure('round_trip_ms_p50');
      return paid === undefined || roundTrip === undefined ? undefined : paid - 2 * roundTrip;
    },
  },
  {
    name: 'time_to_paid_parts_ms.gateway_ms',
    note: '(of the time beyond: the sandbox answering Authenticate Payer and Pay)',
  },
  {
    name: 'time_to_paid_parts_ms.issuer_pages_ms',
    note: '(of the time beyond: the 3-D Secure pages over loopback)',
  },
  { name: 'engine_overhead_ms_p50', note: '<= 3% of time_to_paid_ms.paydesk' },
  {
    name: 'engine_overhead_share_of_paid_pct',
    note: '<= 3 (same run)',
    judge: atMost(3),
    value: () => {
      const overhead = figure('engine_overhead_ms_p50');
      const paid = paidMs();
      return overhead === undefined || paid === undefined ? undefined : (100 * overhead) / paid;
    },
  },
  { name: 'engine_journal_ms_p50', note: '(part of the overhead)' },
  { name: 'disk_flush_ms_p50', note: '(one pay-sent commit)' },
  { name: 'journal_insert_ms_p50', note: '' },
  { name: 'history_query_p95_ms_1m', note: '<= 10', judge: atMost(10) },
  { name: 'history_query_p95_ms_10m', note: '<= 30', judge: atMost(30) },
  { name: 'main_thread_block_ms_max', note: '<= 16', judge: atMost(16) },
  { name: 'main_thread_block_ms_parts.searches_10m', note: '(during the 10M searches)' },
  { name: 'main_thread_block_ms_parts.csv_export_1m', note: '(during the 1M export)' },
  { name: 'main_thread_idle_lag_ms_max', note: '(noise floor)' },
  { name: 'startup_ms_1m', note: '<= 300', judge: atMost(300) },
  { name: 'csv_export_1m_ms', note: '<= 5000', judge: atMost(5_000) },
  { name: 'csv_read_rows_1m_ms', note: '(the same rows read alone: the floor, on this machine)' },
  { name: 'fault_matrix.scenarios', note: '>= 100', judge: atLeast(100) },
  { name: 'fault_matrix.captured_twice', note: '0', judge: atMost(0) },
  { name: 'fault_matrix.misrecorded', note: '0', judge: atMost(0) },
  { name: 'fault_matrix.in_doubt_left', note: '0', judge: atMost(0) },
  { name: 'fault_matrix.in_doubt_settle_cases', note: '' },
  { name: 'fault_matrix.in_doubt_settle_ms_p50', note: '' },
  { name: 'fault_matrix.in_doubt_settle_ms_p95', note: '<= 5000', judge: atMost(5_000) },
  { name: 'kdf_ms_p50', note: '' },
  { name: 'sign_in_ms_p50', note: '<= 300', judge: atMost(300) },
  {
    name: 'sign_in_beyond_kdf_ms',
    note: '<= 50 (sign_in_ms_p50 - kdf_ms_p50)',
    judge: atMost(50),
    value: () => {
      const signIn = figure('sign_in_ms_p50');
      const kdf = figure('kdf_ms_p50');
      return signIn === undefined || kdf === undefined ? undefined : signIn - kdf;
    },
  },
  { name: 'audit_verify_ms_100k', note: '<= 1000', judge: atMost(1_000) },
  { name: 'x_report_ms_100k', note: '' },
  { name: 'z_report_ms_100k', note: '<= 300', judge: atMost(300) },
  { name: 'reconcile_10k_orders_ms', note: '' },
  { name: 'link_paid_to_screen_ms_p50', note: '<= 1500', judge: atMost(1_500) },
  { name: 'store.counters', note: '' },
  { name: 'store.sales', note: '' },
  { name: 'store.lost', note: '0', judge: atMost(0) },
  { name: 'store.duplicated', note: '0', judge: atMost(0) },
  { name: 'store.sync_lag_ms_p95', note: '<= 1000 (counters idle)', judge: atMost(1_000) },
  { name: 'store.sync_lag_ms_p95_load', note: '(20 counters selling at once)' },
  { name: 'store.sync_lag_ms_p95_100', note: '(100 counters selling at once)' },
  { name: 'store.history_query_p95_ms_10m', note: '<= 50', judge: atMost(50) },
  { name: 'store.over_refunded', note: '0', judge: atMost(0) },
  { name: 'store.audit_verify_ms_100k', note: '' },
  { name: 'store.sign_in_ms_p50', note: '<= 300', judge: atMost(300) },
];

const shown = rows
  .map((row) => ({ ...row, measured: row.value ? row.value() : figure(row.name) }))
  .filter((row) => row.measured !== undefined);
const width = Math.max(...shown.map(({ name }) => name.length), 'figure'.length);
console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  verdict  limit`);
for (const { name, measured, note, judge } of shown) {
  const value = String(Math.round(measured! * 10) / 10);
  const verdict = judge === undefined ? '' : judge(measured!) ? 'pass' : 'FAIL';
  console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${verdict.padEnd(7)}  ${note}`);
}
console.log(
  `\nparts: ${partTimes.map(([part, s]) => `${part} ${s.toFixed(1)} s`).join(', ')}; total ${partTimes
    .reduce((sum, [, s]) => sum + s, 0)
    .toFixed(1)} s`,
);

const previous: Figures =
  asked.length > 0 && existsSync(resultsPath)
    ? (JSON.parse(readFileSync(resultsPath, 'utf8')) as Figures)
    : {};
// One level deep, so a `sync` run keeps the store's other figures from the last run.
const merged: Figures = { ...previous };
for (const [key, value] of Object.entries(results)) {
  const before = merged[key];
  merged[key] =
    typeof value === 'object' && typeof before === 'object' ? { ...before, ...value } : value;
}
writeFileSync(resultsPath, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`written to ${resultsPath}`);
