import { migrate } from '../../main/core/platform/migrate';
import { migrations } from '../../main/core/journal/migrations';
import { openDatabase } from '../../main/core/platform/open-database';

/**
 * A journal of `count` finished attempts for the benchmark, generated inside SQLite by one
 * INSERT … SELECT over a recursive counter in one transaction: ten million rows take
 * seconds, where a JavaScript loop binding each row would take minutes. Rows are written before
 * the search indexes exist, oldest first, and the journal's own migrations then build them
 * the way an upgraded install would.
 *
 * Deterministic (multiplicative hashes of the row number), so runs compare. The shape:
 * four reference prefixes counting up with time (INV-0000001…), so an old prefix matches
 * only old rows; random-looking order ids; 30% of amounts from eight popular prices; status
 * weights as a shop sees them, with `voided` the rare one (0.1%); each attempt's state is
 * its final status. Operators: four regular cashiers share most rows, a newer one took 1%
 * and a trainee 0.02% (benchOperators). No row is in doubt or in progress: start-up
 * reconciliation has nothing to do, as on a normal morning.
 */
export const benchStart = Date.UTC(2024, 0, 1);

const statusCases = [
  ['paid', 7000],
  ['declined', 8000],
  ['authentication-failed', 8500],
  ['cancelled', 9000],
  ['refunded', 9200],
  ['expired', 9400],
  ['rejected', 9600],
  ['error', 9790],
  ['partially-refunded', 9890],
  ['voided', 9900],
] as const;
export const benchOperators = {
  regular: ['ana', 'badr', 'carla', 'dina'],
  newer: 'eli',
  trainee: 'fadi',
} as const;
export const popularAmounts = [1000, 2500, 5000, 9900, 10000, 15000, 20000, 50000];

const seedSql = `
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < :count - 1),
  h(i, a, b, c) AS (SELECT i,
      ((i + 1) * 2654435761) % 4294967296,
      ((i + 7) * 2246822519) % 4294967296,
      ((i + 13) * 3266489917) % 4294967296 FROM n)
  INSERT INTO attempts (attempt_id, merchant_reference_id, session_id, order_id,
    three_ds_secure_id, amount_minor, currency, brand, first6, last4, card_length,
    holder_name, state, status, refunded_minor, created_at, updated_at, operator_id)
  SELECT
    printf('%08x-%04x-4%03x-8%03x-%012x', i, b >> 16, a % 4096, c % 4096, a * 65536 + c),
    CASE i % 4 WHEN 0 THEN 'INV' WHEN 1 THEN 'ORD' WHEN 2 THEN 'POS' ELSE 'TEL' END
      || '-' || printf('%07d', i / 4 + 1),
    NULL,
    printf('%08x-%04x-4%03x-9%03x-%012x', a, c >> 16, b % 4096, (a >> 12) % 4096, b * 65536 + a),
    NULL,
    CASE WHEN (b >> 8) % 10 < 3 THEN json_extract(:popular, '$[' || ((b >> 12) % 8) || ']')
      ELSE 100 + (c >> 4) % 500000 END,
    'SAR', 'visa', '411111', printf('%04d', (c >> 8) % 10000), 16, 'SARA HASSAN', status,
    status,
    0,
    :start + i * :stepMs + (a % :stepMs),
    :start + i * :stepMs,
    CASE WHEN (c >> 20) % 10000 < 2 THEN '${benchOperators.trainee}'
      WHEN (c >> 20) % 10000 < 102 THEN '${benchOperators.newer}'
      ELSE json_extract(:regular, '$[' || ((a >> 20) % 4) || ']') END
  FROM (SELECT *, CASE ${statusCases.map(([status, upTo]) => `WHEN (a >> 8) % 10000 < ${upTo} THEN '${status}'`).join(' ')}
      ELSE 'paid' END AS status FROM h)`;

/** Seeds `path` and migrates it; returns how long each part took. */
export function seedJournal(path: string, count: number, spanMs: number) {
  const db = openDatabase(path);
  // The table with every column the fill writes, up to the operator's; the steps that only
  // build indexes run after the fill, as on an upgraded install.
  const operatorStep = migrations.findIndex((step) => step.sql.includes('ADD COLUMN operator_id'));
  const tableSteps = migrations
    .slice(0, operatorStep + 1)
    .filter((step) => !step.sql.trim().startsWith('CREATE INDEX'));
  migrate(db, tableSteps, benchStart);
  const fillStarted = performance.now();
  db.exec('PRAGMA synchronous = OFF'); // a bench fixture: durability does not matter here
  db.exec('BEGIN');
  db.prepare(seedSql).run({
    count,
    popular: JSON.stringify(popularAmounts),
    regular: JSON.stringify(benchOperators.regular),
    start: benchStart,
    stepMs: Math.max(1, Math.floor(spanMs / count)),
  });
  db.exec('COMMIT');
  const fillMs = performance.now() - fillStarted;
  // The migrations that build the indexes, with room to sort in memory.
  const migrateStarted = performance.now();
  db.exec('PRAGMA cache_size = -1000000');
  db.exec('PRAGMA temp_store = MEMORY');
  db.exec('PRAGMA threads = 2');
  migrate(db, migrations, benchStart);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return { fillMs, migrateMs: performance.now() - migrateStarted };
}
