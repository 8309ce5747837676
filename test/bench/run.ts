import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runEngineBench } from './engine-bench';
import { runFaultMatrix } from './fault-matrix';
import { runJournalBench } from './journal-bench';
import { runLinkBench } from './link-bench';
import { runSecurityBench } from './security-bench';
import { runShiftBench } from './shift-bench';
import { runStoreBench } from './store-bench';

/**
 * `npm run bench`: the engine and journal figures and the fault matrix
 * (PAYDESK_FAULT_SEED repeats a run, PAYDESK_FAULT_CASES sets its size), printed as a
 * table and written to bench-results.json at the repository root (git-ignored), with the
 * acceptance limits.
 */
const resultsPath = fileURLToPath(new URL('../../bench-results.json', import.meta.url));

const engine = await runEngineBench();
const journal = await runJournalBench();
const faults = await runFaultMatrix();
const security = await runSecurityBench();
const shifts = await runShiftBench();
const links = await runLinkBench();
const store = await runStoreBench();
const results = { ...engine, ...journal, ...faults, ...security, ...shifts, ...links, ...store };

const rows: [string, number, string][] = [
  ['time_to_challenge_ms.paydesk', engine.time_to_challenge_ms.paydesk, '<= 130 (RTT + 30)'],
  ['time_to_challenge_ms.naive', engine.time_to_challenge_ms.naive, ''],
  ['time_to_challenge_ms.ratio', engine.time_to_challenge_ms.ratio, '>= 2'],
  [
    'time_to_challenge_800ms_method_ms.paydesk',
    engine.time_to_challenge_800ms_method_ms.paydesk,
    '<= 130 (RTT + 30)',
  ],
  ['time_to_challenge_800ms_method_ms.naive', engine.time_to_challenge_800ms_method_ms.naive, ''],
  [
    'time_to_challenge_800ms_method_ms.ratio',
    engine.time_to_challenge_800ms_method_ms.ratio,
    '>= 4',
  ],
  ['time_to_paid_ms.paydesk', engine.time_to_paid_ms.paydesk, ''],
  ['time_to_paid_ms.naive', engine.time_to_paid_ms.naive, ''],
  ['engine_overhead_ms_p50', engine.engine_overhead_ms_p50, '<= 2'],
  ['engine_journal_ms_p50', engine.engine_journal_ms_p50, '(part of the overhead)'],
  ['disk_flush_ms_p50', engine.disk_flush_ms_p50, '(one pay-sent commit)'],
  ['journal_insert_ms_p50', journal.journal_insert_ms_p50, ''],
  ['history_query_p95_ms_1m', journal.history_query_p95_ms_1m, '<= 10'],
  ['history_query_p95_ms_10m', journal.history_query_p95_ms_10m, '<= 30'],
  ['main_thread_block_ms_max', journal.main_thread_block_ms_max, '<= 16'],
  ['main_thread_idle_lag_ms_max', journal.main_thread_idle_lag_ms_max, '(noise floor)'],
  ['startup_ms_1m', journal.startup_ms_1m, '<= 300'],
  ['csv_export_1m_ms', journal.csv_export_1m_ms, ''],
  ['fault_matrix.scenarios', faults.fault_matrix.scenarios, '>= 100'],
  ['fault_matrix.captured_twice', faults.fault_matrix.captured_twice, '0'],
  ['fault_matrix.misrecorded', faults.fault_matrix.misrecorded, '0'],
  ['fault_matrix.in_doubt_left', faults.fault_matrix.in_doubt_left, '0'],
  ['fault_matrix.in_doubt_settle_cases', faults.fault_matrix.in_doubt_settle_cases, ''],
  ['fault_matrix.in_doubt_settle_ms_p50', faults.fault_matrix.in_doubt_settle_ms_p50, ''],
  ['fault_matrix.in_doubt_settle_ms_p95', faults.fault_matrix.in_doubt_settle_ms_p95, '<= 5000'],
  ['kdf_ms_p50', security.kdf_ms_p50, ''],
  ['sign_in_ms_p50', security.sign_in_ms_p50, '<= 300'],
  ['audit_verify_ms_100k', security.audit_verify_ms_100k, '<= 1000'],
  ['x_report_ms_100k', shifts.x_report_ms_100k, ''],
  ['z_report_ms_100k', shifts.z_report_ms_100k, '<= 300'],
  ['reconcile_10k_orders_ms', shifts.reconcile_10k_orders_ms, ''],
  ['link_paid_to_screen_ms_p50', links.link_paid_to_screen_ms_p50, '<= 1500'],
  ...(store === null
    ? []
    : ([
        ['store.counters', store.store.counters, ''],
        ['store.sales', store.store.sales, ''],
        ['store.lost', store.store.lost, '0'],
        ['store.duplicated', store.store.duplicated, '0'],
        ['store.sync_lag_ms_p95', store.store.sync_lag_ms_p95, '<= 1000'],
        ['store.history_query_p95_ms_10m', store.store.history_query_p95_ms_10m, '<= 50'],
        ['store.over_refunded', store.store.over_refunded, '0'],
        ['store.audit_verify_ms_100k', store.store.audit_verify_ms_100k, ''],
        ['store.sign_in_ms_p50', store.store.sign_in_ms_p50, '<= 300'],
      ] as [string, number, string][])),
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(10)}  limit`);
for (const [name, value, limit] of rows) {
  const shown = String(Math.round(value * 10) / 10);
  console.log(`${name.padEnd(width)}  ${shown.padStart(10)}  ${limit}`);
}
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten to ${resultsPath}`);
