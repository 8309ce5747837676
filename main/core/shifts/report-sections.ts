import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import type {
  CountTotal,
  ReportLine,
  ReportSection,
  ReportView,
  ShiftReport,
} from '../../../shared/ipc-shifts';
import type { Currency } from '../../../shared/money/currencies';
import { brandNames } from '../../../shared/card/brand-names';
import { reportStrings } from './report-strings';

/**
 * The report in words, once for every output (print, PDF, CSV): what each line says, in
 * the chosen language, amounts through Intl with the currency's own minor units.
 */
export function reportView(
  report: ShiftReport,
  options: { language: 'en' | 'ar'; reprint: boolean; timeZone?: string },
): ReportView {
  const t = reportStrings[options.language];
  const money = (minor: number, currency: Currency) =>
    formatMoney(minor, currency, options.language);
  const when = (ms: number) => formatDateTime(ms, options.language, options.timeZone);
  const counted = (value: CountTotal, currency: Currency) =>
    `${value.count} · ${money(value.totalMinor, currency)}`;

  const header: ReportSection = {
    title: t.shift(report.shiftId),
    lines: [
      { label: t.opened, value: when(report.openedAt) },
      { label: t.reported, value: when(report.reportedAt) },
      ...(report.closedBy ? [{ label: t.closedBy, value: report.closedBy }] : []),
      {
        label: t.entries,
        value: `${report.afterEntry + 1}–${report.throughEntry}`,
        ltr: true,
      },
    ],
  };

  const perCurrency: ReportSection[] = report.currencies.map((c) => ({
    title: `${t.currency}: ${c.currency}`,
    lines: [
      { label: t.sales, value: counted(c.sales, c.currency) },
      { label: t.declined, value: String(c.declined) },
      { label: t.abandoned, value: String(c.abandoned) },
      { label: t.refunds, value: counted(c.refunds, c.currency) },
      { label: t.holds, value: counted(c.holds, c.currency) },
      { label: t.captures, value: counted(c.captures, c.currency) },
      { label: t.releases, value: counted(c.releases, c.currency) },
      { label: t.holdsExpired, value: String(c.holdsExpired) },
      { label: t.holdsOpen, value: counted(c.holdsOpen, c.currency) },
      { label: t.linksPaid, value: counted(c.linksPaid, c.currency) },
      { label: t.linksPending, value: counted(c.linksPending, c.currency) },
      { label: t.linksExpired, value: String(c.linksExpired) },
      { label: t.linksCancelled, value: String(c.linksCancelled) },
      ...(c.adopted.count > 0
        ? [
            {
              label: t.adopted,
              value: `${c.adopted.count} · ${money(c.adopted.netMinor, c.currency)}`,
            },
          ]
        : []),
      { label: t.net, value: money(c.netMinor, c.currency) },
    ],
  }));

  // Refunds in words, not with a minus sign: a sign beside an amount moves in RTL text.
  const salesAndRefunds = (line: { currency: Currency; sales: CountTotal; refunds: CountTotal }) =>
    line.refunds.count === 0
      ? counted(line.sales, line.currency)
      : `${counted(line.sales, line.currency)}${options.language === 'ar' ? '؛' : ';'} ${t.refunds} ${counted(line.refunds, line.currency)}`;
  const names = brandNames[options.language];
  const brand = (name: string) =>
    Object.hasOwn(names, name) ? names[name as keyof typeof names] : name;
  const listed = (title: string, lines: ReportLine[], none?: string): ReportSection[] =>
    lines.length > 0 ? [{ title, lines }] : none ? [{ title, lines: [], note: none }] : [];

  const sections: ReportSection[] = [
    header,
    ...(perCurrency.length > 0 ? perCurrency : [{ title: t.net, lines: [], note: t.noMoney }]),
    ...listed(
      t.byBrand,
      report.byBrand.map((line) => ({
        label: `${brand(line.brand)} (${line.currency})`,
        value: salesAndRefunds(line),
      })),
    ),
    ...listed(
      t.byOperator,
      report.byOperator.map((line) => ({
        label: `${line.operatorId ?? t.noOperator} (${line.currency})`,
        value: salesAndRefunds(line),
      })),
    ),
    ...listed(
      t.inDoubt,
      report.inDoubt.map((line) => ({
        label: `${line.merchantReferenceId} · ${money(line.amountMinor, line.currency)}`,
        value: line.acknowledged
          ? t.acknowledgedBy(line.acknowledgedBy ?? t.owner)
          : t.notAcknowledged,
      })),
      t.inDoubtNone,
    ),
    ...listed(
      t.late,
      report.lateEntries.map((line) => ({
        label: `${line.recordId} · ${money(line.amountMinor, line.currency)}`,
        value: `${t.lateNote}: ${when(line.recordCreatedAt)}`,
      })),
    ),
    ...listed(
      t.holdsOpen,
      report.holdsOpen.map((line) => ({
        label: line.recordId,
        value: money(line.amountMinor, line.currency),
        ltr: true,
      })),
    ),
    ...listed(
      t.selfApproved,
      report.selfApprovedRefunds.map((line) => ({
        label: `${line.operatorId} · ${line.recordId}`,
        value: money(line.amountMinor, line.currency),
      })),
    ),
    reconciliationSection(report, t, money, when),
    ...(report.auditHead
      ? [
          {
            title: t.auditHead,
            lines: [{ label: t.auditHead, value: report.auditHead, ltr: true }],
          },
        ]
      : []),
  ];
  return {
    title: report.kind === 'Z' && report.zNumber !== null ? t.zTitle(report.zNumber) : t.xTitle,
    banner: options.reprint ? t.reprint : null,
    sections,
  };
}

function reconciliationSection(
  report: ShiftReport,
  t: (typeof reportStrings)['en'],
  money: (minor: number, currency: Currency) => string,
  when: (ms: number) => string,
): ReportSection {
  const r = report.reconciliation;
  if (r.state === 'not-reconciled')
    return { title: t.notReconciled, lines: [], note: t.notReconciled };
  const open = r.differences.filter((d) => !d.adopted);
  const title =
    open.length === 0
      ? t.reconciled(when(r.at), r.orders)
      : t.differencesFound(when(r.at), r.orders, open.length);
  return {
    title,
    note: open.length === 0 ? title : undefined,
    lines: r.differences.map((d) => ({
      label: `${t.differenceKinds[d.kind]}: ${d.orderId ?? d.merchantReferenceId ?? ''}`,
      value: `${d.gatewayAmountMinor === null ? '' : money(d.gatewayAmountMinor, d.currency)} ${
        d.adopted ? t.adoptedMark : t.actions[d.action]
      }`.trim(),
    })),
  };
}
