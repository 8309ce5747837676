import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { formatMoney } from '../../../shared/format/money-text';
import type { ShiftReport } from '../../../shared/ipc-shifts';
import { shiftFixture } from './shift-fixture';

let t: ReturnType<typeof shiftFixture>;
beforeEach(() => {
  t = shiftFixture();
});
afterEach(() => t.remove());

const figures = (report: ShiftReport, currency: string) =>
  report.currencies.find((line) => line.currency === currency);

/** One line of the by-brand or by-operator split: its sales and refunds as [count, total]. */
const splitLine = <Key extends object>(
  key: Key,
  [salesCount, salesMinor]: [number, number],
  [refundsCount, refundsMinor]: [number, number],
) => ({
  ...key,
  sales: { count: salesCount, totalMinor: salesMinor },
  refunds: { count: refundsCount, totalMinor: refundsMinor },
});

describe('X report arithmetic per currency, with minor units', () => {
  test('SAR, KWD and JPY each keep their own counts, totals and net', async () => {
    const sar = t.sale({ amountMinor: 10_050, currency: 'SAR', brand: 'mada', operatorId: 'c1' });
    t.sale({ amountMinor: 2_525, currency: 'SAR', brand: 'visa', operatorId: 'c2' });
    t.sale({ amountMinor: 1_234, currency: 'KWD', brand: 'visa', operatorId: 'c1' });
    t.sale({ amountMinor: 500, currency: 'JPY', brand: 'mastercard', operatorId: 'c1' });
    t.declined({ currency: 'SAR' });
    t.abandoned({ currency: 'SAR' });
    t.abandoned({ currency: 'KWD' });
    t.refund(sar, 525, 'c2/s1');
    const captured = t.hold({ amountMinor: 6_500 });
    const held = t.hold({ amountMinor: 3_000 });
    t.capture(captured.attemptId);
    t.ledger({ kind: 'release', amountMinor: 500, recordId: 'hold-1' });
    t.ledger({ kind: 'sale', source: 'link', amountMinor: 1_000, recordId: 'link-1' });
    t.ledger({ kind: 'link-expired', source: 'link', amountMinor: 800, recordId: 'link-2' });

    const report = await t.shifts.xReport({ reconcile: false });
    expect(report.kind).toBe('X');
    expect(figures(report, 'SAR')).toMatchObject({
      sales: { count: 3, totalMinor: 10_050 + 2_525 + 1_000 },
      declined: 1,
      abandoned: 1,
      refunds: { count: 1, totalMinor: 525 },
      holds: { count: 2, totalMinor: 9_500 },
      holdsOpen: { count: 1, totalMinor: 3_000 },
      captures: { count: 1, totalMinor: 6_500 },
      releases: { count: 1, totalMinor: 500 },
      linksPaid: { count: 1, totalMinor: 1_000 },
      linksExpired: 1,
      netMinor: 10_050 + 2_525 + 1_000 + 6_500 - 525,
    });
    expect(figures(report, 'KWD')).toMatchObject({
      sales: { count: 1, totalMinor: 1_234 },
      abandoned: 1,
      netMinor: 1_234,
    });
    expect(figures(report, 'JPY')).toMatchObject({ sales: { count: 1, totalMinor: 500 } });
    const net = (currency: 'SAR' | 'KWD' | 'JPY') =>
      formatMoney(figures(report, currency)?.netMinor ?? NaN, currency, 'en').replace(/\s/g, ' ');
    expect([net('SAR'), net('KWD'), net('JPY')]).toEqual(['SAR 195.50', 'KWD 1.234', 'JPY 500']);
    // Holds still open: the second card hold has no capture, release or expiry.
    expect(report.holdsOpen.map((hold) => hold.recordId)).toEqual([held.attemptId]);
    expect(report.byBrand).toEqual(
      expect.arrayContaining([
        splitLine({ currency: 'SAR', brand: 'mada' }, [1, 10_050], [1, 525]),
        splitLine({ currency: 'KWD', brand: 'visa' }, [1, 1_234], [0, 0]),
      ]),
    );
    expect(report.byOperator).toEqual(
      expect.arrayContaining([
        splitLine({ currency: 'SAR', operatorId: 'c1' }, [1, 10_050], [0, 0]),
        splitLine({ currency: 'SAR', operatorId: 'c2' }, [1, 2_525], [1, 525]),
      ]),
    );
    expect(report.selfApprovedRefunds).toEqual([]);
  });

  test('a refund approved by the one who asked (single admin) is flagged on the Z', async () => {
    const sale = t.sale({ amountMinor: 4_000, operatorId: 'owner' });
    t.refund(sale, 4_000, 'owner/owner');
    const z = await t.shifts.closeShift('owner');
    expect(z.selfApprovedRefunds).toEqual([
      expect.objectContaining({
        recordId: sale.attemptId,
        operatorId: 'owner',
        amountMinor: 4_000,
      }),
    ]);
  });
});

describe('a Z read on the reader thread while the counter keeps selling', () => {
  test('a sale between the read and the close: read again, and the Z holds it', async () => {
    t.remove();
    let salesToLand = 1;
    t = shiftFixture(undefined, (op) => {
      if (op !== 'shift-report' || salesToLand === 0) return;
      salesToLand -= 1;
      t.sale({ amountMinor: 900 });
    });
    t.sale({ amountMinor: 1_000 });
    const z = await t.shifts.closeShift('admin');
    // The first read missed the 900; the close saw the ledger move and the second read has it.
    expect(figures(z, 'SAR')?.sales).toEqual({ count: 2, totalMinor: 1_900 });
    const x = await t.shifts.xReport({ reconcile: false });
    expect(x.afterEntry).toBe(z.throughEntry);
    expect(x.currencies).toEqual([]);
  });

  test('a counter that never pauses still closes: the last try reads inside the close', async () => {
    t.remove();
    t = shiftFixture(undefined, (op) => {
      if (op === 'shift-report') t.sale({ amountMinor: 100 });
    });
    t.sale({ amountMinor: 1_000 });
    const z = await t.shifts.closeShift('admin');
    // Three reads, each followed by a sale: the close counted all three, read under its lock.
    expect(figures(z, 'SAR')?.sales).toEqual({ count: 4, totalMinor: 1_300 });
    const next = await t.shifts.xReport({ reconcile: false });
    // This read itself was followed by one more sale, after the report was taken.
    expect(next.afterEntry).toBe(z.throughEntry);
    expect(next.currencies).toEqual([]);
    expect((await t.shifts.xReport({ reconcile: false })).currencies[0]?.sales.count).toBe(1);
  });
});

describe('open now, whichever shift it began in', () => {
  test('a hold and a link from an earlier shift still show as open after its Z', async () => {
    const cardHold = t.hold({ amountMinor: 4_200 });
    t.link('link-held', 2_500);
    t.linkHeld('link-held', 2_500);
    t.link('link-waiting', 1_000);
    t.link('link-kwd', 1_500, 'KWD');
    const z1 = await t.shifts.closeShift('admin');
    expect(z1.holdsOpen.map((hold) => hold.recordId).sort()).toEqual(
      [cardHold.attemptId, 'link-held'].sort(),
    );
    // The next shift has no ledger row for any of them, and still lists them as open.
    t.clock.advance(60_000);
    const x = await t.shifts.xReport({ reconcile: false });
    expect(x.afterEntry).toBe(z1.throughEntry);
    expect(x.holdsOpen.map((hold) => hold.recordId).sort()).toEqual(
      [cardHold.attemptId, 'link-held'].sort(),
    );
    expect(figures(x, 'SAR')).toMatchObject({
      sales: { count: 0, totalMinor: 0 },
      holds: { count: 0, totalMinor: 0 },
      holdsOpen: { count: 2, totalMinor: 4_200 + 2_500 },
      linksPending: { count: 1, totalMinor: 1_000 },
    });
    expect(figures(x, 'KWD')?.linksPending).toEqual({ count: 1, totalMinor: 1_500 });
    // Captured now: no longer open, and its money counts in this shift.
    t.capture(cardHold.attemptId);
    const after = await t.shifts.xReport({ reconcile: false });
    expect(after.holdsOpen.map((hold) => hold.recordId)).toEqual(['link-held']);
    expect(figures(after, 'SAR')?.captures).toEqual({ count: 1, totalMinor: 4_200 });
  });
});

describe('Z reports', () => {
  test('close the shift, open the next, numbered without gaps, reprintable as written', async () => {
    t.sale({ amountMinor: 1_000 });
    const first = await t.shifts.closeShift('admin');
    t.clock.advance(60_000);
    t.sale({ amountMinor: 2_000 });
    const second = await t.shifts.closeShift('admin');
    const third = await t.shifts.closeShift('admin');
    expect([first.zNumber, second.zNumber, third.zNumber]).toEqual([1, 2, 3]);
    expect(figures(first, 'SAR')?.sales.totalMinor).toBe(1_000);
    expect(figures(second, 'SAR')?.sales.totalMinor).toBe(2_000);
    expect(third.currencies).toEqual([]);
    expect(second.afterEntry).toBe(first.throughEntry);
    expect(await t.shifts.zReport(2)).toEqual(second);
    expect((await t.shifts.zReports()).map((z) => z.zNumber)).toEqual([3, 2, 1]);
    // Each Z carries the audit chain's head and is itself in the trail.
    expect(second.auditHead).toMatch(/^\d+:[0-9a-f]{16}$/);
    const closed = t.audit.search({ events: ['z-report-closed'], beforeSeq: null, limit: 10 });
    expect(closed.map((row) => row.subject)).toEqual(['Z 3', 'Z 2', 'Z 1']);
  });

  test('immutable in the file: no update, no delete, no gap, a closed shift stays closed', async () => {
    await t.shifts.closeShift(null);
    const db = new DatabaseSync(t.path);
    try {
      expect(() => db.exec(`UPDATE z_reports SET report_json = '{}'`)).toThrow(/immutable/);
      expect(() => db.exec('DELETE FROM z_reports')).toThrow(/immutable/);
      expect(() => db.exec('UPDATE shifts SET closed_at = 1 WHERE shift_id = 1')).toThrow(
        /immutable/,
      );
      expect(() =>
        db.exec(
          `INSERT INTO z_reports (z_number, shift_id, closed_at, through_entry, report_json)
           VALUES (5, 2, 0, 0, '{}')`,
        ),
      ).toThrow(/no gaps/);
      expect(() =>
        db.exec('INSERT INTO shifts (opened_at, opened_after_entry) VALUES (0, 0)'),
      ).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });

  test('a payment settled from doubt after the Z counts in the next shift, flagged as earlier', async () => {
    const doubtful = t.inDoubt({ amountMinor: 7_700 });
    t.shifts.acknowledge(doubtful.attemptId, 'supervisor');
    t.clock.advance(60_000);
    const z1 = await t.shifts.closeShift('admin');
    expect(z1.inDoubt).toEqual([
      expect.objectContaining({ attemptId: doubtful.attemptId, acknowledgedBy: 'supervisor' }),
    ]);
    expect(z1.currencies).toEqual([]);
    t.clock.advance(3_600_000);
    t.settle(doubtful.attemptId);
    const x = await t.shifts.xReport({ reconcile: false });
    expect(figures(x, 'SAR')?.sales).toEqual({ count: 1, totalMinor: 7_700 });
    expect(x.lateEntries).toEqual([
      expect.objectContaining({ recordId: doubtful.attemptId, kind: 'sale', amountMinor: 7_700 }),
    ]);
    expect(x.lateEntries[0]?.recordCreatedAt).toBeLessThan(x.openedAt);
  });

  test('an attempt in doubt blocks the close until acknowledged, and the acknowledgement is audited', async () => {
    const doubtful = t.inDoubt();
    await expect(t.shifts.closeShift('admin')).rejects.toMatchObject({ code: 'shift-in-doubt' });
    expect(await t.shifts.zReports()).toEqual([]);
    expect(() => t.shifts.acknowledge('not-an-attempt', 'supervisor')).toThrow(/not in doubt/);
    t.shifts.acknowledge(doubtful.attemptId, 'supervisor');
    const z = await t.shifts.closeShift('admin');
    expect(z.zNumber).toBe(1);
    const rows = t.audit.search({ events: ['in-doubt-acknowledged'], beforeSeq: null, limit: 5 });
    expect(rows).toEqual([
      expect.objectContaining({ operatorId: 'supervisor', subject: doubtful.attemptId }),
    ]);
    // The acknowledgement was for that shift: the next one is blocked again until settled.
    await expect(t.shifts.closeShift('admin')).rejects.toMatchObject({ code: 'shift-in-doubt' });
    t.settle(doubtful.attemptId);
    expect((await t.shifts.closeShift('admin')).zNumber).toBe(2);
  });
});
