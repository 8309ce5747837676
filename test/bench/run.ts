import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runEngineBench } from './engine-bench';
import { runJournalBench } from './journal-bench';

/**
 * `npm run bench`: the engine and journal figures of issues 4 and 14, printed as a table and written
 * to bench-results.json at the repository root (git-ignored), with the acceptance limits.
 */
const resultsPath = fileURLToPath(new URL('../../bench-results.json', import.meta.url));

const engine = await runEngineBench();
const journal = await runJournalBench();
const results = { ...engine, ...journal };

const rows: [string, number, string][] = [
  ['time_to_challenge_ms.paydesk', engine.time_to_challenge_ms.paydesk, ''],
  ['time_to_challenge_ms.naive', engine.time_to_challenge_ms.naive, ''],
  ['time_to_challenge_ms.ratio', engine.time_to_challenge_ms.ratio, '>= 2'],
  ['time_to_paid_ms.paydesk', engine.time_to_paid_ms.paydesk, ''],
  ['time_to_paid_ms.naive', engine.time_to_paid_ms.naive, ''],
  ['engine_overhead_ms_p50', engine.engine_overhead_ms_p50, '<= 5'],
  ['journal_insert_ms_p50', journal.journal_insert_ms_p50, ''],
  ['history_query_p95_ms_1m', journal.history_query_p95_ms_1m, '<= 10'],
  ['history_query_p95_ms_10m', journal.history_query_p95_ms_10m, '<= 30'],
  ['main_thread_block_ms_max', journal.main_thread_block_ms_max, '<= 16'],
  ['main_thread_idle_lag_ms_max', journal.main_thread_idle_lag_ms_max, '(noise floor)'],
  ['startup_ms_1m', journal.startup_ms_1m, '<= 300'],
  ['csv_export_1m_ms', journal.csv_export_1m_ms, ''],
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${'figure'.padEnd(width)}  ${'value'.padStart(10)}  limit`);
for (const [name, value, limit] of rows) {
  const shown = String(Math.round(value * 10) / 10);
  console.log(`${name.padEnd(width)}  ${shown.padStart(10)}  ${limit}`);
}
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nwritten to ${resultsPath}`);
