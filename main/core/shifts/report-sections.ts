import { formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import type {
  CountTotal,
  CurrencyFigures,
  ReportLine,
  ReportSection,
  ReportView,
  ShiftReport,
} from '../../../shared/ipc-shifts';
import type { Currency } from '../../../shared/money/currencies';
import { brandNames } from '../../../shared/card/brand-names';
import { reportStrings, type ReportStrings } from './report-strings';

export interface ReportViewOptions {
  language: 'en' | 'ar';
  reprint: boolean;
  timeZone?: string;
  /** Operators' names by ID: people appear by name; an ID without a name stays as it is. */
  names?: ReadonlyMap<string, string>;
  /** The receipt header's merchant name and VAT number, shown when set. */
  merchant?: { merchantName: string; vatNumber: string };
  /** Narrow paper (80 or 58 mm): long gateway IDs are shortened so a line stays one line. */
  narrow?: boolean;
}

/** One value set apart (FSI…PDI) so its digits and signs keep their order beside Arabic words. */
const isolated = (value: string) => `\u2068${value}\u2069`;

/** A gateway GUID to its first 8 characters, enough to find it in History's search. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/**
 * The report in words, once for every output (print, PDF, screen): what each line says, in
 * the chosen language, amounts through Intl with the currency's own minor units.
 */
export function reportView(report: ShiftReport, options: ReportViewOptions): ReportView {
  const t = reportStrings[options.language];
  const person = (id: string) => options.names?.get(id) ?? id;
  const id = (value: string) => (options.narrow ? shortId(value) : value);
  const money = (minor: number, currency: Currency) =>
    formatMoney(minor, currency, options.language);
  const when = (ms: number) => formatDateTime(ms, options.language, options.timeZone);
  const counted = (value: CountTotal, currency: Currency) =>
    `${value.count} · ${money(value.totalMinor, currency)}`;

  const header: ReportSection = {
    title: t.shift(report.shiftId),
    lines: [
      ...(options.merchant?.merchantName
        ? [{ label: t.merchant, value: options.merchant.merchantName }]
        : []),
      ...(options.merchant?.vatNumber
        ? [{ label: t.vatNumber, value: options.merchant.vatNumber, ltr: true }]
        : []),
      { label: t.opened, value: when(report.openedAt) },
      { label: t.reported, value: when(report.reportedAt) },
      ...(report.closedBy ? [{ label: t.closedBy, value: person(report.closedBy) }] : []),
      report.throughEntry > report.afterEntry
        ? {
            label: t.entries,
            value: `${report.afterEntry + 1}–${report.throughEntry}`,
            ltr: true,
          }
        : { label: t.entries, value: t.noEntries },
    ],
  };

  const perCurrency = report.currencies.map((c) => currencySection(c, t, money));

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
        label: `${line.operatorId === null ? t.noOperator : person(line.operatorId)} (${line.currency})`,
        value: salesAndRefunds(line),
      })),
    ),
    ...listed(
      t.inDoubt,
      report.inDoubt.map((line) => ({
        label: `${line.merchantReferenceId} · ${money(line.amountMinor, line.currency)}`,
        value: line.acknowledged
          ? t.acknowledgedBy(line.acknowledgedBy === null ? t.owner : person(line.acknowledgedBy))
          : t.notAcknowledged,
      })),
      t.inDoubtNone,
    ),
    ...listed(
      t.late,
      report.lateEntries.map((line) => ({
        label: `${id(line.recordId)} · ${money(line.amountMinor, line.currency)}`,
        value: `${t.lateNote}: ${when(line.recordCreatedAt)}`,
      })),
    ),
    ...listed(
      t.holdsOpen,
      report.holdsOpen.map((line) => ({
        label: id(line.recordId),
        value: money(line.amountMinor, line.currency),
        ltr: true,
      })),
    ),
    ...listed(
      t.selfApproved,
      report.selfApprovedRefunds.map((line) => ({
        label: `${person(line.operatorId)} · ${id(line.recordId)}`,
        value: money(line.amountMinor, line.currency),
      })),
    ),
    reconciliationSection(report.reconciliation, {
      t,
      money,
      when,
      id,
      brand,
    }),
    ...(report.auditHead ? [auditHeadSection(report.auditHead, t, options.narrow === true)] : []),
  ];
  return {
    title: report.kind === 'Z' && report.zNumber !== null ? t.zTitle(report.zNumber) : t.xTitle,
    banner: options.reprint ? t.reprint : null,
    sections,
  };
}

/** One currency's figures as a report section: the X and Z reports' and the store end of day's. */
export function currencySection(
  c: CurrencyFigures,
  t: ReportStrings,
  money: (minor: number, currency: Currency) => string,
): ReportSection {
  const counted = (value: CountTotal, currency: Currency) =>
    `${value.count} · ${money(value.totalMinor, currency)}`;
  return {
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
  };
}

/**
 * The audit trail's head as the Z recorded it (`row:mac`), in words: which row was the last
 * one and the start of its seal, so "Verify audit trail" can later prove nothing before it
 * changed.
 */
function auditHeadSection(head: string, t: ReportStrings, narrow: boolean): ReportSection {
  const [row = '', seal = ''] = head.split(':');
  const shown =
    seal.length > 16 || (narrow && seal.length > 8) ? `${seal.slice(0, narrow ? 8 : 16)}…` : seal;
  return {
    title: t.auditHead,
    note: t.auditHeadNote,
    lines: [
      { label: t.auditRow, value: row, ltr: true },
      { label: t.auditSeal, value: shown, ltr: true },
    ],
  };
}

function reconciliationSection(
  r: ShiftReport['reconciliation'],
  words: {
    t: ReportStrings;
    money: (minor: number, currency: Currency) => string;
    when: (ms: number) => string;
    id: (value: string) => string;
    brand: (name: string) => string;
  },
): ReportSection {
  const { t, money, when, id, brand } = words;
  if (r.state === 'not-reconciled') {
    const title = r.reason === 'not-asked' ? t.notTried : t.notReconciled;
    return { title, lines: [], note: title };
  }
  const open = r.differences.filter((d) => !d.adopted);
  const title =
    open.length === 0
      ? t.reconciled(when(r.at), r.orders)
      : t.differencesFound(when(r.at), r.orders, open.length);
  return {
    title,
    note: open.length === 0 ? title : undefined,
    lines: r.differences.map((d) => {
      const amount = d.gatewayAmountMinor ?? d.journalAmountMinor;
      const reference = d.merchantReferenceId ?? (d.orderId ? id(d.orderId) : '');
      const card = [d.brand ? brand(d.brand) : null, d.maskedCard].filter(Boolean).join(' ');
      return {
        label: `${t.differenceKinds[d.kind]}: ${isolated(reference)}`,
        value: [
          d.createdAt === null ? null : isolated(when(d.createdAt)),
          card ? isolated(card) : null,
          amount === null ? null : isolated(money(amount, d.currency)),
          d.adopted ? t.adoptedMark : t.actions[d.action],
        ]
          .filter(Boolean)
          .join(' · '),
      };
    }),
  };
}
