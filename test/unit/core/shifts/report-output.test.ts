import { describe, expect, test } from 'vitest';
import type { ShiftReport } from '../../../../shared/ipc-shifts';
import { reportCsv, reportFileName } from '../../../../main/core/shifts/report-csv';
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

  test('CSV: the same lines, formula-guarded, with a byte order mark for Excel', () => {
    const csv = reportCsv(z, { language: 'en', reprint: false, timeZone: 'UTC' });
    expect(csv.startsWith('\uFEFFZ report no. 7')).toBe(true);
    expect(csv).toContain('Currency: KWD,Approved sales');
    expect(csv).toContain(`'=HYPERLINK`);
    expect(reportFileName(z, '20261122', 'csv')).toBe('paydesk-z-0007.csv');
  });
});
