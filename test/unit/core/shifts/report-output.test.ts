import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import type { ShiftReport } from '../../../../shared/ipc-shifts';
import { paymentsCsv, reportCsv, reportFileName } from '../../../../main/core/shifts/report-csv';
import { reportView } from '../../../../main/core/shifts/report-sections';
import { renderReportHtml } from '../../../../main/core/shifts/report-html';

const figures = (currency: 'SAR' | 'KWD' | 'JPY', salesMinor: number) => ({
  currency,
  sales: { count: 2, totalMinor: salesMinor },
  declined: 1,
  abandoned: 0,
  refunds: { count: 0, totalMinor: 0 },
  holds: { count: 0, totalMinor: 0 },
  captures: { count: 0, totalMinor: 0 },
  releases: { count: 0, totalMinor: 0 },
  holdsExpired: 0,
  holdsOpen: { count: 0, totalMinor: 0 },
  linksPaid: { count: 0, totalMinor: 0 },
  linksPending: { count: 1, totalMinor: salesMinor },
  linksExpired: 0,
  linksCancelled: 0,
  adopted: { count: 0, netMinor: 0 },
  netMinor: salesMinor,
});

const z: ShiftReport = {
  kind: 'Z',
  zNumber: 7,
  shiftId: 7,
  openedAt: Date.UTC(2026, 10, 22, 6),
  reportedAt: Date.UTC(2026, 10, 22, 22),
  closedBy: 'amal',
  afterEntry: 10,
  throughEntry: 42,
  currencies: [figures('JPY', 500), figures('KWD', 1_234), figures('SAR', 12_550)],
  byBrand: [],
  byOperator: [],
  lateEntries: [],
  inDoubt: [
    {
      attemptId: 'a-1',
      merchantReferenceId: '=HYPERLINK("x")<b>',
      amountMinor: 4_000,
      currency: 'SAR',
      createdAt: Date.UTC(2026, 10, 22, 9),
      acknowledgedBy: 'sami',
      acknowledged: true,
    },
  ],
  holdsOpen: [],
  selfApprovedRefunds: [],
  reconciliation: {
    state: 'reconciled',
    at: Date.UTC(2026, 10, 22, 22),
    orders: 3,
    differences: [],
  },
  auditHead: '12:0123456789abcdef',
};

describe('report outputs', () => {
  test('the printed document: amounts in minor units per currency, escaped, marked as a copy', () => {
    const html = renderReportHtml({
      report: z,
      language: 'en',
      paper: '58mm',
      merchantName: 'Dar <Coffee>',
      training: false,
      reprint: true,
      timeZone: 'UTC',
    });
    expect(html).toContain('Z report no. 7');
    expect(html).toContain('COPY: reprint of a closed Z report');
    for (const amount of ['SAR 125.50', 'KWD 1.234', 'JPY 500']) {
      expect(html.replace(/\u00a0/g, ' ')).toContain(amount);
    }
    expect(html).toContain('Dar &lt;Coffee&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('inline-size: 48mm');
    expect(html).toContain(
      'Reconciled with the gateway at 22 Nov 2026, 22:00:00: 3 orders, no differences.',
    );
    expect(html).toContain('acknowledged by sami');
    // Open now, whichever shift sent them: one link per currency awaiting payment.
    expect(html.replace(/\u00a0/g, ' ')).toMatch(
      /Links awaiting payment now.{0,80}1 · KWD 1\.234/s,
    );
  });

  test('Arabic is right to left with the Arabic terms', () => {
    const html = renderReportHtml({
      report: z,
      language: 'ar',
      paper: 'a4',
      merchantName: '',
      training: true,
      reprint: false,
      timeZone: 'UTC',
    });
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('تقرير Z رقم 7');
    expect(html).toContain('بانتظار تأكيد البنك');
    expect(html).toContain('وضع التدريب');
    expect(html).toContain('روابط دفع بانتظار الدفع الآن');
  });

  test('the figures CSV: a header row, one value per cell, ISO codes and times, no direction marks', () => {
    const report: ShiftReport = {
      ...z,
      byOperator: [
        {
          currency: 'SAR',
          operatorId: 'sara',
          sales: { count: 2, totalMinor: 12_550 },
          refunds: { count: 0, totalMinor: 0 },
        },
      ],
    };
    const csv = reportCsv(report, new Map([['sara', 'سارة ناصر']]));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).not.toMatch(/[\u200e\u200f\u2066-\u2069]/);
    const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true });
    const sales = rows.find((row) => row.currency === 'SAR' && row.figure === 'sales');
    expect(sales).toMatchObject({ report: 'Z', z_number: '7', count: '2', amount: '125.5' });
    expect(sales?.opened_at).toBe('2026-11-22T06:00:00.000Z');
    expect(rows.find((row) => row.currency === 'KWD' && row.figure === 'net_taken')?.amount).toBe(
      '1.234',
    );
    expect(rows.find((row) => row.figure === 'operator_sales')).toMatchObject({
      operator_id: 'sara',
      operator_name: 'سارة ناصر',
      amount: '125.5',
    });
    expect(rows.find((row) => row.figure === 'in_doubt')).toMatchObject({
      count: '1',
      amount: '40',
    });
    expect(reportFileName(z, '20261122', 'csv')).toBe('paydesk-z-0007.csv');
    expect(reportFileName(z, '20261122', 'csv', '-payments')).toBe('paydesk-z-0007-payments.csv');
  });

  test('the payments CSV: one row per entry, signed net effects that sum to net taken, guarded text', () => {
    const entry = {
      source: 'card',
      orderId: 'order-1',
      brand: 'visa',
      operatorId: 'sara',
      approverId: null,
      currency: 'SAR' as const,
      at: Date.UTC(2026, 10, 22, 9),
      recordCreatedAt: Date.UTC(2026, 10, 22, 9),
    };
    const csv = paymentsCsv(
      [
        {
          ...entry,
          entryId: 1,
          kind: 'sale',
          recordId: 'a-1',
          merchantReferenceId: '=1+1',
          amountMinor: 10_000,
          netMinor: 10_000,
        },
        {
          ...entry,
          entryId: 2,
          kind: 'refund',
          recordId: 'a-1',
          merchantReferenceId: '=1+1',
          amountMinor: 4_050,
          netMinor: -4_050,
        },
        {
          ...entry,
          entryId: 3,
          kind: 'declined',
          recordId: 'a-2',
          merchantReferenceId: 'R2',
          amountMinor: 700,
          netMinor: 0,
        },
      ],
      new Map([['sara', 'Sara Nasser']]),
    );
    const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true });
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ kind: 'refund', amount: '40.5', net_effect: '-40.5' });
    expect(rows[0]?.merchant_reference).toBe("'=1+1");
    expect(rows[0]?.operator_name).toBe('Sara Nasser');
    const net = rows.reduce((sum, row) => sum + Math.round(Number(row.net_effect) * 100), 0);
    expect(net).toBe(10_000 - 4_050);
  });

  test('people by name, the VAT number, an empty range and the audit head in words; GUIDs short on narrow paper', () => {
    const guid = '3f2c9d7e-1b4a-4c1e-9a55-0d8e2f6b7c10';
    const report: ShiftReport = {
      ...z,
      afterEntry: 6,
      throughEntry: 6,
      holdsOpen: [{ recordId: guid, amountMinor: 500, currency: 'SAR', heldAt: z.openedAt }],
      auditHead: '51:746c0a9b3d2e1f00aabbccddeeff0011',
    };
    const view = reportView(report, {
      language: 'en',
      reprint: false,
      timeZone: 'UTC',
      names: new Map([['amal', 'Amal Saleh']]),
      merchant: { merchantName: 'Dar Coffee', vatNumber: '300000000000003' },
      narrow: true,
    });
    const lines = view.sections.flatMap((section) => section.lines);
    const text = JSON.stringify(view);
    expect(lines).toContainEqual({ label: 'Closed by', value: 'Amal Saleh' });
    expect(lines).toContainEqual({ label: 'VAT number', value: '300000000000003', ltr: true });
    expect(lines).toContainEqual({
      label: 'Ledger entries',
      value: 'none (nothing moved in this shift)',
    });
    expect(text).not.toContain('7–6');
    expect(lines).toContainEqual({ label: 'Last row', value: '51', ltr: true });
    expect(lines).toContainEqual({ label: 'Seal', value: '746c0a9b…', ltr: true });
    expect(view.sections.find((s) => s.title === 'Audit trail at close')?.note).toMatch(
      /Verify audit trail/,
    );
    expect(text).not.toContain(guid);
    expect(text).toContain('3f2c9d7e…');
  });

  test('an X read without the gateway says reconciliation was not tried, not that the gateway failed', () => {
    const view = reportView(
      {
        ...z,
        kind: 'X',
        zNumber: null,
        reconciliation: { state: 'not-reconciled', at: 0, reason: 'not-asked' },
      },
      { language: 'en', reprint: false },
    );
    expect(JSON.stringify(view)).toContain('Not reconciled yet');
    expect(JSON.stringify(view)).not.toContain('could not be reached');
  });
});
