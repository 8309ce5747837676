import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createAuditTrail } from '../../../main/core/audit/audit-trail';
import { createSqliteAuditStore } from '../../../main/core/audit/sqlite-audit-store';
import { createConnectionPool } from '../../../main/core/gateway/connection-pool';
import { createGatewayClient } from '../../../main/core/gateway/gateway-client';
import { defaultGatewayTimeouts } from '../../../main/core/gateway/timeouts';
import { createLogger } from '../../../main/core/logging/redacting-logger';
import { openSecurityDatabase } from '../../../main/core/operators/security-database';
import type { GatewayAccessSource } from '../../../main/core/payments/gateway-access';
import { gatewayBinding, gatewaySearch } from '../../../main/core/shifts/gateway-search';
import { startJournalReader } from '../../../main/core/reader/journal-reader';
import { sourceReaderEntry } from '../../../main/core/reader/reader-thread-source';
import { createShiftService, type ShiftService } from '../../../main/core/shifts/shift-service';
import type { Reconciliation } from '../../../shared/ipc-shifts';
import { startPaymentHarness, type PaymentHarness } from '../payments/fixtures/payment-harness';

const FRICTIONLESS = '5123456789012346';
const DECLINED = '4000000000009995';

let h: PaymentHarness;
let shifts: ShiftService;
let close: () => Promise<void>;
const logger = createLogger({ info() {}, warn() {}, error() {} });

beforeEach(async () => {
  h = await startPaymentHarness();
  const securityDb = openSecurityDatabase(join(h.dir, 'security.sqlite'), h.clock.now());
  const audit = createAuditTrail({
    store: createSqliteAuditStore(securityDb),
    key: randomBytes(32),
    clock: h.clock,
  });
  const pool = createConnectionPool({ connectTimeoutMs: 1_000 });
  const origin = new URL(h.sandbox.url).origin;
  const reader = startJournalReader({
    path: h.journalPath,
    entry: sourceReaderEntry,
    logger: console,
    onThreadError: (error) => {
      throw error;
    },
  });
  const source: GatewayAccessSource = {
    gateway: () => ({ baseUrl: h.sandbox.url }),
    secrets: {
      credentials: async () => ({
        merchantPublicKey: h.sandbox.merchantPublicKey,
        apiPassword: h.sandbox.apiPassword,
        origin,
      }),
    },
    language: () => 'en',
    pool,
    timeouts: defaultGatewayTimeouts,
    logger,
    clock: h.clock,
  };
  shifts = createShiftService({
    reader,
    path: h.journalPath,
    clock: h.clock,
    audit,
    search: gatewaySearch(source),
    binding: gatewayBinding(source),
  });
  close = async () => {
    shifts.close();
    await reader.close();
    securityDb.close();
    await pool.close();
    await h.close();
  };
});
afterEach(() => close());

const reconciled = async (): Promise<Extract<Reconciliation, { state: 'reconciled' }>> => {
  const report = await shifts.xReport({ reconcile: true });
  if (report.reconciliation.state !== 'reconciled')
    throw new Error(`not reconciled: ${report.reconciliation.reason}`);
  return report.reconciliation;
};

/** Two sales, a decline and a refund, all through the engine and the sandbox. */
const ordinaryShift = async () => {
  const first = await h.pay(h.sale(FRICTIONLESS, { amount: '100.00' }));
  await h.pay(h.sale(FRICTIONLESS, { amount: '12.34', currency: 'KWD' }));
  await h.pay(h.sale(DECLINED));
  await h.refund(first.attemptId, '40.00');
  return first;
};

describe('reconciliation with the gateway through the sandbox', () => {
  test('a clean shift: every order matched, no differences; an earlier order of the day is left out', async () => {
    const { openedAt } = await shifts.xReport({ reconcile: false });
    h.sandbox.faults.plantOrder({ amountMinor: 999, currency: 'SAR', createdAt: openedAt - 1 });
    await ordinaryShift();
    const result = await reconciled();
    expect(result.differences).toEqual([]);
    expect(result.orders).toBe(3);
    const report = await shifts.xReport({ reconcile: false });
    expect(report.currencies.map((line) => [line.currency, line.netMinor])).toEqual([
      ['KWD', 12_340],
      ['SAR', 10_000 - 4_000],
    ]);
  });

  test('finds a planted gateway-only order and a refund made outside Paydesk; adopting one is recorded', async () => {
    const first = await ordinaryShift();
    const [plantedId] = h.sandbox.faults.plantOrder({
      amountMinor: 5_000,
      currency: 'SAR',
      merchantReferenceId: 'PAID-WHILE-DOWN',
    });
    // The merchant portal refunds the rest of the first sale: the journal does not know.
    const client = createGatewayClient({
      baseUrl: new URL(h.sandbox.url),
      credentials: {
        merchantPublicKey: h.sandbox.merchantPublicKey,
        apiPassword: h.sandbox.apiPassword,
      },
      dispatcher: createConnectionPool({ connectTimeoutMs: 1_000 }).dispatcher(
        new URL(h.sandbox.url).origin,
      ),
      timeouts: defaultGatewayTimeouts,
      language: 'en',
      logger,
      now: () => h.clock.now(),
    });
    const orderId = h.journal.get(first.attemptId)?.orderId ?? '';
    expect((await client.refund({ orderId })).ok).toBe(true);

    const result = await reconciled();
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'gateway-only',
          orderId: plantedId,
          merchantReferenceId: 'PAID-WHILE-DOWN',
          gatewayStatus: 'Paid',
          action: 'adopt-gateway',
          effect: 'taken',
          effectMinor: 5_000,
          adopted: false,
        }),
        expect.objectContaining({
          kind: 'status-differs',
          orderId,
          attemptId: first.attemptId,
          gatewayStatus: 'Refunded',
          action: 'check-refund',
          effect: 'returned',
          effectMinor: 6_000,
        }),
      ]),
    );
    expect(result.differences).toHaveLength(2);

    shifts.adopt(plantedId ?? '', 'supervisor');
    expect(() => shifts.adopt(plantedId ?? '', 'supervisor')).toThrow(/Reconcile again/);
    const after = await shifts.xReport({ reconcile: true });
    const sar = after.currencies.find((line) => line.currency === 'SAR');
    expect(sar?.adopted).toEqual({ count: 1, netMinor: 5_000 });
    expect(sar?.netMinor).toBe(10_000 - 4_000 + 5_000);
    // The journal now holds the order as an adopted payment, so it matches: no longer a difference.
    expect(after.reconciliation).toMatchObject({ state: 'reconciled' });
    const left =
      after.reconciliation.state === 'reconciled' ? after.reconciliation.differences : [];
    expect(left.map((d) => d.orderId)).toEqual([orderId]);
  });

  test('pages through more than 1,000 orders of the window', async () => {
    await h.pay(h.sale(FRICTIONLESS, { amount: '1.00' }));
    const planted = h.sandbox.faults.plantOrder({
      amountMinor: 100,
      currency: 'JPY',
      count: 1_050,
    });
    const result = await reconciled();
    expect(result.orders).toBe(1_051);
    const gatewayOnly = result.differences.filter((d) => d.kind === 'gateway-only');
    expect(new Set(gatewayOnly.map((d) => d.orderId))).toEqual(new Set(planted));
  });

  test('with the gateway unreachable the report is "not reconciled", and the figures still stand', async () => {
    await h.pay(h.sale(FRICTIONLESS, { amount: '5.00' }));
    h.sandbox.faults.failNext('search', 1, 503);
    const report = await shifts.xReport({ reconcile: true });
    expect(report.reconciliation).toMatchObject({ state: 'not-reconciled', reason: 'http' });
    expect(report.currencies[0]?.sales).toEqual({ count: 1, totalMinor: 500 });
    const z = await shifts.closeShift('admin');
    expect(z.reconciliation.state).toBe('reconciled');
  });
});

describe('differences that outlive a shift', () => {
  test('a difference open at the Z carries into the next shift with its card and time, and adopting resolves it into every total', async () => {
    await ordinaryShift();
    // Planted at the shift's own clock: the sandbox's would differ from it by a tick or two.
    const plantedAt = h.clock.now();
    const [plantedId] = h.sandbox.faults.plantOrder({
      amountMinor: 5_000,
      currency: 'SAR',
      merchantReferenceId: 'PAID-WHILE-DOWN',
      createdAt: plantedAt,
    });
    h.clock.advance(60_000);
    const z1 = await shifts.closeShift('sara');
    expect(z1.reconciliation).toMatchObject({
      state: 'reconciled',
      differences: [expect.objectContaining({ orderId: plantedId, adopted: false })],
    });

    // The next shift opened after the order; its reconciliation still lists it.
    h.clock.advance(60_000);
    await h.pay(h.sale(FRICTIONLESS, { amount: '7.00' }));
    const carried = await reconciled();
    expect(carried.from).toBe(plantedAt);
    expect(carried.differences).toEqual([
      expect.objectContaining({
        kind: 'gateway-only',
        orderId: plantedId,
        merchantReferenceId: 'PAID-WHILE-DOWN',
        createdAt: plantedAt,
        maskedCard: '444000******0010',
        brand: 'visa',
        adopted: false,
      }),
    ]);

    // Adopted in the second shift: in its net, its brand line and its operator line.
    shifts.adopt(plantedId ?? '', 'omar');
    const after = await shifts.xReport({ reconcile: false });
    expect(after.reconciliation).toMatchObject({
      state: 'reconciled',
      differences: [expect.objectContaining({ orderId: plantedId, adopted: true })],
    });
    const sar = after.currencies.find((line) => line.currency === 'SAR');
    expect(sar?.netMinor).toBe(700 + 5_000);
    expect(after.byBrand.find((line) => line.brand === 'visa')?.sales).toEqual({
      count: 1,
      totalMinor: 5_000,
    });
    expect(after.byOperator.find((line) => line.operatorId === 'omar')?.sales).toEqual({
      count: 1,
      totalMinor: 5_000,
    });
    const payments = await shifts.payments(after);
    const net = payments
      .filter((p) => p.currency === 'SAR')
      .reduce((sum, p) => sum + p.netMinor, 0);
    expect(net).toBe(sar?.netMinor);

    // Resolved: the second Z finds it in the journal (an adopted payment), and the third shift
    // no longer reaches back.
    const z2 = await shifts.closeShift('sara');
    expect(z2.reconciliation).toMatchObject({ state: 'reconciled', differences: [] });
    h.clock.advance(60_000);
    const third = await reconciled();
    expect(third.from).toBe(z2.reportedAt);
    expect(third.differences).toEqual([]);
  });

  test('a shift closed while the gateway was unreachable is reconciled by the next shift', async () => {
    const { openedAt } = await shifts.xReport({ reconcile: false });
    h.sandbox.faults.plantOrder({ amountMinor: 2_500, currency: 'SAR' });
    h.sandbox.faults.failNext('search', 1, 503);
    const z1 = await shifts.closeShift('sara');
    expect(z1.reconciliation).toMatchObject({ state: 'not-reconciled', from: openedAt });
    h.clock.advance(60_000);
    const next = await reconciled();
    expect(next.from).toBe(openedAt);
    expect(next.differences).toEqual([
      expect.objectContaining({ kind: 'gateway-only', effectMinor: 2_500 }),
    ]);
  });

  test('an X read after a reconciliation keeps it, instead of saying the gateway was not tried', async () => {
    expect((await shifts.xReport({ reconcile: false })).reconciliation).toMatchObject({
      state: 'not-reconciled',
      reason: 'not-asked',
    });
    await h.pay(h.sale(FRICTIONLESS, { amount: '3.00' }));
    const first = await reconciled();
    const again = await shifts.xReport({ reconcile: false });
    expect(again.reconciliation).toEqual(first);
  });
});

describe('an adopted gateway order is a payment in History', () => {
  const plantPaidElsewhere = () => {
    const [orderId] = h.sandbox.faults.plantOrder({
      amountMinor: 5_000,
      currency: 'SAR',
      merchantReferenceId: 'PAID-WHILE-DOWN',
    });
    if (!orderId) throw new Error('no order planted');
    return orderId;
  };

  test('listed with its mark, refunded through the gateway, counted once as a sale and once as a refund', async () => {
    await h.pay(h.sale(FRICTIONLESS, { amount: '10.00' }));
    const orderId = plantPaidElsewhere();
    expect((await reconciled()).differences).toEqual([
      expect.objectContaining({ kind: 'gateway-only', orderId, adopted: false }),
    ]);
    const before = h.clock.now();
    shifts.adopt(orderId, 'sara');
    const after = h.clock.now();

    const [row] = h.journal.search({ text: 'PAID-WHILE-DOWN' }, null, 10).rows;
    expect(row).toMatchObject({
      orderId,
      amountMinor: 5_000,
      currency: 'SAR',
      brand: 'visa',
      masked: '444000******0010',
      status: 'paid',
      operatorId: 'sara',
    });
    const detail = h.journal.detail(row?.attemptId ?? '');
    // The trail starts at the adoption: no session or Pay step is made up.
    expect(detail?.events).toEqual([
      {
        at: expect.any(Number) as number,
        step: 'adopted-from-gateway',
        outcome: 'paid',
        detail: orderId,
        operator: 'sara',
      },
    ]);
    const at = detail?.events[0]?.at ?? 0;
    expect(at >= before && at <= after).toBe(true);

    const refund = await h.refund(row?.attemptId ?? '');
    expect(refund.outcome).toBe('refunded');
    expect(h.journal.get(row?.attemptId ?? '')).toMatchObject({
      status: 'refunded',
      refundedMinor: 5_000,
    });

    const report = await shifts.xReport({ reconcile: true });
    const sar = report.currencies.find((line) => line.currency === 'SAR');
    expect(sar).toMatchObject({
      sales: { count: 1, totalMinor: 1_000 },
      adopted: { count: 1, netMinor: 5_000 },
      refunds: { count: 1, totalMinor: 5_000 },
      netMinor: 1_000,
    });
    expect(report.byBrand.find((line) => line.brand === 'visa')).toMatchObject({
      sales: { count: 1, totalMinor: 5_000 },
      refunds: { count: 1, totalMinor: 5_000 },
    });
    // The gateway shows the order refunded, and so does the journal: nothing differs.
    expect(report.reconciliation).toMatchObject({ state: 'reconciled', differences: [] });
    const payments = await shifts.payments(report);
    expect(payments.filter((p) => p.orderId === orderId).map((p) => p.netMinor)).toEqual([
      5_000, -5_000,
    ]);
  });

  test('the adoption is one write: a failure part-way leaves neither the payment nor its money', async () => {
    const orderId = plantPaidElsewhere();
    await reconciled();
    // The ledger refuses the adoption's entry, after the attempt row was written.
    const file = new DatabaseSync(h.journalPath);
    file.exec(`CREATE TRIGGER refuse_adopted BEFORE INSERT ON ledger WHEN NEW.kind = 'adopted'
      BEGIN SELECT RAISE(ABORT, 'disk gone'); END`);
    expect(() => shifts.adopt(orderId, 'sara')).toThrow(/disk gone/);
    expect(h.journal.search({ text: 'PAID-WHILE-DOWN' }, null, 10).rows).toEqual([]);
    const entries = () =>
      file
        .prepare(`SELECT kind FROM ledger WHERE order_id = ?`)
        .all(orderId)
        .map((r) => r.kind);
    expect(entries()).toEqual([]);

    file.exec('DROP TRIGGER refuse_adopted');
    file.close();
    shifts.adopt(orderId, 'sara');
    expect(h.journal.search({ text: 'PAID-WHILE-DOWN' }, null, 10).rows).toHaveLength(1);
    const reopened = new DatabaseSync(h.journalPath);
    expect(
      reopened
        .prepare(`SELECT kind FROM ledger WHERE order_id = ?`)
        .all(orderId)
        .map((r) => r.kind),
    ).toEqual(['adopted']);
    reopened.close();
  });
});
