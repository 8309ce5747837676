import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAuditTrail } from '../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../main/core/audit/sqlite-audit-store';
import { createConnectionPool } from '../../main/core/gateway/connection-pool';
import { defaultGatewayTimeouts } from '../../main/core/gateway/timeouts';
import { openJournal } from '../../main/core/journal';
import type { StoredAttempt } from '../../main/core/journal/attempt-rows';
import { appendLedgerEntry, type NewLedgerEntry } from '../../main/core/journal/ledger';
import { openDatabase } from '../../main/core/platform/open-database';
import { statementCache } from '../../main/core/platform/statement-cache';
import { inTransaction } from '../../main/core/platform/transaction';
import { createLogger } from '../../main/core/logging/redacting-logger';
import { openSecurityDatabase } from '../../main/core/operators/security-database';
import { startSandbox } from '../../main/core/sandbox';
import { gatewaySearch } from '../../main/core/shifts/gateway-search';
import type { SearchOrders } from '../../main/core/shifts/reconcile';
import { startJournalReader } from '../../main/core/reader/journal-reader';
import { sourceReaderEntry } from '../../main/core/reader/reader-thread-source';
import { createShiftService } from '../../main/core/shifts/shift-service';
import { bulkAttemptDefaults, insertAttempts } from '../integration/journal/seed-attempts';
import { sandboxGateway } from '../support/sandbox-deps';

/**
 * Shift figures: `z_report_ms_100k`, the Z report of a shift of 100,000 attempts (one
 * ledger entry each, mixed kinds, currencies, brands and operators) read and written on the
 * journal file; `reconcile_10k_orders_ms`, reconciling 10,000 gateway orders paged over
 * loopback from the sandbox against a journal that holds every one of them.
 */
const kinds: NewLedgerEntry['kind'][] = ['sale', 'sale', 'sale', 'declined', 'abandoned', 'refund'];
const currencies = ['SAR', 'SAR', 'KWD', 'JPY'] as const;
const brands = ['visa', 'mastercard', 'mada', 'amex'] as const;

const attempt = (i: number, at: number, orderId: string, amountMinor: number): StoredAttempt => ({
  ...bulkAttemptDefaults,
  attemptId: randomUUID(),
  merchantReferenceId: `BENCH-${i}`,
  amountMinor,
  currency: 'SAR',
  brand: 'visa',
  first6: '444000',
  last4: '0010',
  holderName: 'BENCH',
  createdAt: at,
  state: 'paid',
  status: 'paid',
  orderId,
  updatedAt: at,
});

const noGateway: SearchOrders = async () => ({
  ok: false,
  error: { kind: 'network', operation: 'search', detail: 'bench' },
});

function shiftsOn(dir: string, journalPath: string, search: SearchOrders) {
  const clock = { now: () => Date.now() };
  const securityDb = openSecurityDatabase(join(dir, 'security.sqlite'), clock.now());
  const audit = createAuditTrail({
    store: createSqliteAuditStore(securityDb),
    key: randomBytes(32),
    clock,
  });
  const reader = startJournalReader({
    path: journalPath,
    entry: sourceReaderEntry,
    logger: console,
    onThreadError: (error) => {
      throw error;
    },
  });
  const shifts = createShiftService({
    path: journalPath,
    clock,
    audit,
    search,
    binding: async () => null,
    reader,
  });
  return {
    shifts,
    close: async () => {
      shifts.close();
      await reader.close();
      securityDb.close();
    },
  };
}

async function zReport100k(dir: string): Promise<{ x: number; z: number }> {
  const path = join(dir, 'z.sqlite');
  openJournal({ path, clock: { now: () => Date.now() } }).close();
  const { shifts, close } = shiftsOn(dir, path, noGateway);
  const db = openDatabase(path);
  const prepare = statementCache(db);
  const now = Date.now();
  inTransaction(db, () => {
    for (let i = 0; i < 100_000; i += 1) {
      appendLedgerEntry(prepare, now, {
        kind: kinds[i % kinds.length] ?? 'sale',
        source: i % 17 === 0 ? 'link' : 'card',
        recordId: `record-${i}`,
        orderId: `order-${i}`,
        merchantReferenceId: `BENCH-${i}`,
        amountMinor: 100 + (i % 9_000),
        currency: currencies[i % currencies.length] ?? 'SAR',
        brand: brands[i % brands.length] ?? null,
        operatorId: `op-${i % 12}`,
        approverId: i % 50 === 0 ? `op-${i % 12}` : null,
        recordCreatedAt: i % 100 === 0 ? now - 86_400_000 : now,
        detail: null,
      });
    }
  });
  insertAttempts(
    db,
    Array.from({ length: 100_000 }, (_v, i) => attempt(i, now, `order-${i}`, 100 + (i % 9_000))),
  );
  db.close();
  const xRuns: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const before = performance.now();
    await shifts.xReport({ reconcile: false });
    xRuns.push(performance.now() - before);
  }
  const before = performance.now();
  const z = await shifts.closeShift('bench');
  const zMs = performance.now() - before;
  if (
    z.currencies.reduce(
      (n, c) => n + c.sales.count + c.declined + c.abandoned + c.refunds.count,
      0,
    ) !== 100_000
  )
    throw new Error('the Z did not count 100,000 entries');
  await close();
  return { x: xRuns.sort((a, b) => a - b)[2] ?? NaN, z: zMs };
}

async function reconcile10k(dir: string): Promise<number> {
  const sandbox = await startSandbox();
  const path = join(dir, 'reconcile.sqlite');
  openJournal({ path, clock: { now: () => Date.now() } }).close();
  const pool = createConnectionPool({ connectTimeoutMs: 1_000 });
  const clock = { now: () => Date.now() };
  const { shifts, close } = shiftsOn(
    dir,
    path,
    gatewaySearch({
      ...sandboxGateway(sandbox),
      language: () => 'en',
      pool,
      timeouts: defaultGatewayTimeouts,
      logger: createLogger({ info() {}, warn() {}, error() {} }),
      clock,
    }),
  );
  try {
    const ids = sandbox.faults.plantOrder({ amountMinor: 2_500, currency: 'SAR', count: 10_000 });
    const db = openDatabase(path);
    insertAttempts(
      db,
      ids.map((id, i) => attempt(i, Date.now(), id, 2_500)),
    );
    db.close();
    const before = performance.now();
    const report = await shifts.xReport({ reconcile: true });
    const ms = performance.now() - before;
    const r = report.reconciliation;
    if (r.state !== 'reconciled' || r.orders !== 10_000 || r.differences.length !== 0)
      throw new Error(
        `reconciliation of 10k orders went wrong: ${JSON.stringify(r).slice(0, 200)}`,
      );
    return ms;
  } finally {
    await close();
    await pool.close();
    await sandbox.close();
  }
}

export async function runShiftBench(): Promise<{
  x_report_ms_100k: number;
  z_report_ms_100k: number;
  reconcile_10k_orders_ms: number;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-shift-bench-'));
  try {
    const { x, z } = await zReport100k(dir);
    return {
      x_report_ms_100k: x,
      z_report_ms_100k: z,
      reconcile_10k_orders_ms: await reconcile10k(dir),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
