import type { CountTotal, ReportView, ShiftReport } from '../../../shared/ipc-shifts';
import { formatMinor } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import { csvLine } from '../platform/csv-cells';
import type { ShiftPaymentRow } from './reader-queries/shift-payments';

/*
 * The shift's CSV files are for an accountant's spreadsheet, not a printout: a header row,
 * one value per cell, counts as integers, amounts as decimals with a dot in the currency's
 * own minor units, ISO 4217 currency codes, ISO 8601 UTC times, machine words for what a
 * row is, and no direction marks. A UTF-8 byte order mark first, so Excel reads names in
 * Arabic correctly.
 */

const bom = '\uFEFF';
const iso = (epochMs: number) => new Date(epochMs).toISOString();
/** A decimal number, written as a number cell (never formula-guarded, so it sums). */
const decimal = (minor: number, currency: Currency) => Number(formatMinor(minor, currency));

export const figuresHeader = [
  'report',
  'z_number',
  'shift',
  'opened_at',
  'reported_at',
  'currency',
  'figure',
  'brand',
  'operator_id',
  'operator_name',
  'count',
  'amount',
] as const;

/**
 * The X or Z report's figures, one row per figure and currency: `figure` says what the row
 * counts (`sales`, `refunds`, `net_taken`, `brand_sales`, `operator_refunds`, …), so the rows
 * of one figure sum to the screen's line.
 */
export function reportCsv(report: ShiftReport, names: ReadonlyMap<string, string>): string {
  const rows: string[] = [csvLine(figuresHeader)];
  const row = (
    currency: Currency,
    figure: string,
    value: { count: number | null; minor: number | null },
    by: { brand?: string; operatorId?: string | null } = {},
  ) =>
    rows.push(
      csvLine([
        report.kind,
        report.zNumber,
        report.shiftId,
        iso(report.openedAt),
        iso(report.reportedAt),
        currency,
        figure,
        by.brand ?? null,
        by.operatorId ?? null,
        by.operatorId ? (names.get(by.operatorId) ?? null) : null,
        value.count,
        value.minor === null ? null : decimal(value.minor, currency),
      ]),
    );
  const counted = (currency: Currency, figure: string, v: CountTotal, by = {}) =>
    row(currency, figure, { count: v.count, minor: v.totalMinor }, by);

  for (const c of report.currencies) {
    const figures: [string, CountTotal | number][] = [
      ['sales', c.sales],
      ['declined', c.declined],
      ['abandoned', c.abandoned],
      ['refunds', c.refunds],
      ['holds', c.holds],
      ['captures', c.captures],
      ['releases', c.releases],
      ['holds_expired', c.holdsExpired],
      ['holds_open', c.holdsOpen],
      ['links_paid', c.linksPaid],
      ['links_pending', c.linksPending],
      ['links_expired', c.linksExpired],
      ['links_cancelled', c.linksCancelled],
    ];
    for (const [figure, value] of figures) {
      if (typeof value === 'number') row(c.currency, figure, { count: value, minor: null });
      else counted(c.currency, figure, value);
    }
    row(c.currency, 'adopted', { count: c.adopted.count, minor: c.adopted.netMinor });
    row(c.currency, 'net_taken', { count: null, minor: c.netMinor });
  }
  for (const line of report.byBrand) {
    counted(line.currency, 'brand_sales', line.sales, { brand: line.brand });
    counted(line.currency, 'brand_refunds', line.refunds, { brand: line.brand });
  }
  for (const line of report.byOperator) {
    counted(line.currency, 'operator_sales', line.sales, { operatorId: line.operatorId });
    counted(line.currency, 'operator_refunds', line.refunds, { operatorId: line.operatorId });
  }
  for (const line of report.inDoubt) {
    row(line.currency, 'in_doubt', { count: 1, minor: line.amountMinor });
  }
  return `${bom}${rows.join('')}`;
}

export const paymentsHeader = [
  'entry',
  'at',
  'kind',
  'source',
  'currency',
  'amount',
  'net_effect',
  'merchant_reference',
  'order_id',
  'record_id',
  'brand',
  'operator_id',
  'operator_name',
  'approver_id',
  'sale_created_at',
] as const;

/**
 * One row per ledger entry of the shift: `amount` is the entry's own, `net_effect` its
 * share of "net taken" (sales and captures in, refunds out, adopted orders by their effect),
 * so the column sums to the report's net taken per currency.
 */
export function paymentsCsv(
  payments: readonly ShiftPaymentRow[],
  names: ReadonlyMap<string, string>,
): string {
  const rows = payments.map((p) =>
    csvLine([
      p.entryId,
      iso(p.at),
      p.kind,
      p.source,
      p.currency,
      decimal(p.amountMinor, p.currency),
      decimal(p.netMinor, p.currency),
      p.merchantReferenceId,
      p.orderId,
      p.recordId,
      p.brand,
      p.operatorId,
      p.operatorId ? (names.get(p.operatorId) ?? null) : null,
      p.approverId,
      iso(p.recordCreatedAt),
    ]),
  );
  return `${bom}${csvLine(paymentsHeader)}${rows.join('')}`;
}

/** Any report view (the store end of day's) as CSV lines: section, line, value. */
export function viewCsv(view: ReportView): string {
  const rows = [csvLine([view.title, view.banner ?? '', ''])];
  for (const section of view.sections) {
    if (section.note && section.lines.length === 0)
      rows.push(csvLine([section.title, section.note, '']));
    for (const line of section.lines) rows.push(csvLine([section.title, line.label, line.value]));
  }
  return `${bom}${rows.join('')}`;
}

/** `paydesk-z-0007.csv`, `paydesk-x-shift3-<date>.pdf`: the number pads so files sort in order. */
export const reportFileName = (
  report: ShiftReport,
  date: string,
  kind: 'csv' | 'pdf',
  part = '',
): string =>
  report.kind === 'Z' && report.zNumber !== null
    ? `paydesk-z-${String(report.zNumber).padStart(4, '0')}${part}.${kind}`
    : `paydesk-x-shift${report.shiftId}-${date}${part}.${kind}`;
