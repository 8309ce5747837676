import { formatDate, formatDateTime } from '../../../shared/format/date-text';
import { formatMoney } from '../../../shared/format/money-text';
import type { ReportSection, ReportView } from '../../../shared/ipc-shifts';
import type { StoreDay } from '../../../shared/ipc-store-day';
import { currencySection } from '../shifts/report-sections';
import { reportStrings } from '../shifts/report-strings';
import { auditChainsSection } from './audit/store-day-audit-section';

/**
 * The store end of day in words, for the screen and the CSV, in both languages. The
 * per-currency sections are the Z report's own (report-sections.ts), so a store total
 * reads line for line like each counter's Z. Terms as ARABIC.md and the store screens:
 * نقطة البيع for counter, الوردية for shift.
 */
const dayStrings = {
  en: {
    title: (date: string) => `Store end of day: ${date}`,
    summary: 'Counters and Z reports',
    counters: 'Counters in the store',
    zCount: 'Z reports closed this day',
    zReports: 'Z reports of the day',
    zNone: 'No counter closed a Z report this day.',
    zLine: (counter: string, n: number) => `${counter}: Z no. ${n}`,
    closedBy: (when: string, who: string) => `${when} (${who})`,
    openShifts: 'Shifts still open with payments in no Z report yet',
    openNone: 'Every payment of the day is in a Z report.',
    openSince: (when: string, entries: number) =>
      `open since ${when}, ${entries} ${entries === 1 ? 'payment' : 'payments'}`,
    silent: 'Counters not heard from (their Z report may be on its way)',
    silentNone: 'Every counter is in touch with the store.',
    lastSync: (when: string) => `last heard from ${when}`,
    never: 'never',
  },
  ar: {
    title: (date: string) => `الإقفال اليومي للمتجر: ${date}`,
    summary: 'نقاط البيع وتقارير Z',
    counters: 'نقاط البيع في المتجر',
    zCount: 'تقارير Z المُغلقة في هذا اليوم',
    zReports: 'تقارير Z لهذا اليوم',
    zNone: 'لم تُغلق أي نقطة بيع تقرير Z في هذا اليوم.',
    zLine: (counter: string, n: number) => `${counter}: تقرير Z رقم ${n}`,
    closedBy: (when: string, who: string) => `${when} (${who})`,
    openShifts: 'ورديات ما زالت مفتوحة فيها عمليات دفع لم تدخل أي تقرير Z بعد',
    openNone: 'كل عمليات الدفع لهذا اليوم في تقارير Z.',
    openSince: (when: string, entries: number) => `مفتوحة منذ ${when}، عدد العمليات: ${entries}`,
    silent: 'نقاط بيع لم تتواصل مع المتجر (قد يكون تقرير Z الخاص بها في الطريق)',
    silentNone: 'كل نقاط البيع على اتصال بالمتجر.',
    lastSync: (when: string) => `آخر تواصل ${when}`,
    never: 'لم تتواصل أبدًا',
  },
} as const;

export function storeDayView(
  day: StoreDay,
  options: { language: 'en' | 'ar'; timeZone?: string },
): ReportView {
  const s = dayStrings[options.language];
  const t = reportStrings[options.language];
  const when = (ms: number) => formatDateTime(ms, options.language, options.timeZone);
  // A counter's Latin name inside an Arabic line is isolated (FSI … PDI, ARABIC.md), or its
  // brackets and colon land on the wrong side.
  const counter = (line: { counterId: string; counterName: string }) =>
    options.language === 'ar'
      ? `\u2068${line.counterName} (${line.counterId})\u2069`
      : `${line.counterName} (${line.counterId})`;
  const listed = (title: string, lines: ReportSection['lines'], none: string): ReportSection =>
    lines.length > 0 ? { title, lines } : { title, lines: [], note: none };
  const date = formatDate(day.fromMs, options.language, options.timeZone);
  return {
    title: s.title(date),
    banner: null,
    sections: [
      {
        title: s.summary,
        lines: [
          { label: s.counters, value: String(day.counters) },
          { label: s.zCount, value: String(day.zReports.length) },
        ],
      },
      ...(day.currencies.length > 0
        ? day.currencies.map((figures) =>
            currencySection(figures, t, (minor, currency) =>
              formatMoney(minor, currency, options.language),
            ),
          )
        : [{ title: t.net, lines: [], note: t.noMoney }]),
      listed(
        s.zReports,
        day.zReports.map((z) => ({
          label: s.zLine(counter(z), z.zNumber),
          value: z.closedBy ? s.closedBy(when(z.closedAt), z.closedBy) : when(z.closedAt),
        })),
        s.zNone,
      ),
      listed(
        s.openShifts,
        day.openShifts.map((open) => ({
          label: counter(open),
          value: s.openSince(when(open.openedAt), open.entries),
        })),
        s.openNone,
      ),
      listed(
        s.silent,
        day.silent.map((line) => ({
          label: counter(line),
          value: line.lastSyncAt === null ? s.never : s.lastSync(when(line.lastSyncAt)),
        })),
        s.silentNone,
      ),
      auditChainsSection(day.auditChains, options.language, counter),
    ],
  };
}
