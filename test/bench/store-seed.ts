import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { registerCounter } from '../../main/core/store/counters';
import { latestStoreVersion, migrateStore } from '../../main/core/store/migrate-store';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

/**
 * The bench's big store: 10,000,000 attempts from 20 counters and 200 operators over two
 * years, generated inside PostgreSQL with generate_series (seconds per million, no client
 * round trips). Seeding takes about 40 minutes, so the cluster directory is kept and reused
 * (PAYDESK_STORE_BENCH_DIR, default in the temp folder; delete it to seed again). Its name
 * carries the digest of the generator below (a change to the rows seeds afresh); a reused
 * store is brought up to the current schema by the migrations themselves, as a counter's
 * would be.
 */
export const seededCounters = 20;
export const seededOperators = 200;
export const seedStart = Date.UTC(2024, 0, 1);
export const seedSpanMs = 730 * 24 * 3_600_000;

export const counterName = (n: number) => `counter-${String(n).padStart(2, '0')}`;

const seedSql = `
  INSERT INTO store_attempts (attempt_id, counter_id, version, created_at, updated_at,
    merchant_reference_id, order_id, amount_minor, currency, brand, first6, last4, card_length,
    holder_name, state, status, refunded_minor, operator_id)
  SELECT md5(g::text)::uuid::text,
    'counter-' || lpad((g % ${seededCounters} + 1)::text, 2, '0'),
    1,
    $2::bigint + (g::bigint * $3::bigint / $1::bigint),
    $2::bigint + (g::bigint * $3::bigint / $1::bigint),
    (ARRAY['INV','ORD','POS','TEL'])[g % 4 + 1] || '-' || g,
    CASE WHEN h % 50 = 0 THEN NULL ELSE md5('o' || g)::uuid::text END,
    CASE WHEN h % 10 < 3 THEN (ARRAY[1000,2500,5000,9900,10000,15000,20000,50000])[h % 8 + 1]
         ELSE 100 + (h / 7) % 500000 END,
    'SAR',
    (ARRAY['mada','visa','mastercard','amex','meeza'])[g % 5 + 1],
    (ARRAY['588845','411111','512345','371449','507803'])[g % 5 + 1],
    lpad(((h / 11) % 10000)::text, 4, '0'),
    16,
    (ARRAY['AHMED ALI','SARA HASSAN','JOHN SMITH','FATIMA SAID','OMAR KHALED','LI WEI'])[g % 6 + 1],
    'paid',
    CASE WHEN h % 1000 < 700 THEN 'paid' WHEN h % 1000 < 800 THEN 'declined'
         WHEN h % 1000 < 850 THEN 'authentication-failed' WHEN h % 1000 < 900 THEN 'cancelled'
         WHEN h % 1000 < 920 THEN 'refunded' WHEN h % 1000 < 940 THEN 'expired'
         WHEN h % 1000 < 960 THEN 'rejected' WHEN h % 1000 < 979 THEN 'error'
         WHEN h % 1000 < 989 THEN 'partially-refunded' WHEN h % 1000 < 999 THEN 'voided'
         ELSE 'in-doubt' END,
    0,
    'op-' || ((h / 13) % ${seededOperators})
  FROM (SELECT g, abs(hashint4(g)::bigint) AS h FROM generate_series($4::int, $5::int) AS g) AS s`;

const seedDigest = createHash('sha256')
  .update(JSON.stringify([seedSql, seededCounters, seededOperators, seedStart, seedSpanMs]))
  .digest('hex')
  .slice(0, 12);

/**
 * Registers the seed's counters and inserts attempts `from`..`to` of a store of `total`
 * (the bench's 10M, or a test's few thousand: same shapes, same spread over two years).
 */
export async function insertSeededAttempts(
  client: pg.ClientBase,
  range: { from: number; to: number; total: number },
): Promise<void> {
  if (range.from === 1) {
    for (let n = 1; n <= seededCounters; n += 1) {
      await registerCounter(client, { counterId: counterName(n), name: `Counter ${n}` });
    }
  }
  await client.query(seedSql, [range.total, seedStart, seedSpanMs, range.from, range.to]);
}

async function seed(cluster: PgCluster, attempts: number, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: await cluster.createDatabase('store') });
  await client.connect();
  try {
    await migrateStore(client);
    // Indexes are built after the rows (far faster than maintained row by row): the
    // migration's own definitions, read back from the catalogue, dropped and re-created.
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE tablename = 'store_attempts' AND indexname <> 'store_attempts_pkey'`,
    );
    for (const index of indexes.rows)
      await client.query(`DROP INDEX ${pg.escapeIdentifier(index.indexname)}`);
    await client.query("SET maintenance_work_mem = '512MB'");
    const chunk = 1_000_000;
    for (let from = 1; from <= attempts; from += chunk) {
      const to = Math.min(attempts, from + chunk - 1);
      await insertSeededAttempts(client, { from, to, total: attempts });
      log(`store bench: seeded ${to.toLocaleString('en')} attempts`);
    }
    for (const index of indexes.rows) {
      await client.query(index.indexdef);
      log(`store bench: built ${index.indexname}`);
    }
    await client.query('VACUUM ANALYZE store_attempts');
  } finally {
    await client.end();
  }
}

/** Applies the migrations newer than the cached store (its new indexes take minutes). */
async function migrateSeeded(cluster: PgCluster, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: cluster.url('store') });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    const applied = await migrateStore(client);
    if (applied.length > 0) {
      await client.query('VACUUM ANALYZE store_attempts');
      log(`store bench: migrated the seeded store to ${latestStoreVersion}`);
    }
  } finally {
    await client.end();
  }
}

/** The seeded cluster, started; seeds it first when no cached directory exists. */
export async function seededStore(
  attempts: number,
  log: (line: string) => void,
): Promise<{ cluster: PgCluster; url: string }> {
  const root = process.env.PAYDESK_STORE_BENCH_DIR ?? join(tmpdir(), 'paydesk-store-bench');
  mkdirSync(root, { recursive: true });
  const dataDir = join(root, `store-seed-${seedDigest}-${attempts}`);
  const cached = existsSync(join(dataDir, 'PG_VERSION'));
  if (!cached) mkdirSync(dataDir, { recursive: true });
  const cluster = await startPgCluster({ dataDir });
  if (!cached) {
    try {
      await seed(cluster, attempts, log);
    } catch (error) {
      // A half-seeded directory must not be taken for a cached one next time.
      cluster.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  } else {
    log(`store bench: reusing the seeded store in ${dataDir}`);
    await migrateSeeded(cluster, log);
  }
  return { cluster, url: cluster.url('store') };
}
