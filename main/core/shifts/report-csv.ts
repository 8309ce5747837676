import type { ReportView, ShiftReport } from '../../../shared/ipc-shifts';
import { csvLine } from '../platform/csv-cells';
import { reportView } from './report-sections';

/**
 * The report as CSV (section, line, value), the same words as the printout, formula-guarded
 * like the history export. A UTF-8 byte order mark first, so Excel reads Arabic correctly.
 */
export function reportCsv(
  report: ShiftReport,
  options: { language: 'en' | 'ar'; reprint: boolean; timeZone?: string },
): string {
  return viewCsv(reportView(report, options));
}

/** Any report view (a shift's, the store end of day's) as that CSV. */
export function viewCsv(view: ReportView): string {
  const rows = [csvLine([view.title, view.banner ?? '', ''])];
  for (const section of view.sections) {
    if (section.note && section.lines.length === 0)
      rows.push(csvLine([section.title, section.note, '']));
    for (const line of section.lines) rows.push(csvLine([section.title, line.label, line.value]));
  }
  return `\uFEFF${rows.join('')}`;
}

/** `paydesk-z-0007.csv`, `paydesk-x-<date>.pdf`: the number pads so files sort in order. */
export const reportFileName = (report: ShiftReport, date: string, kind: 'csv' | 'pdf'): string =>
  report.kind === 'Z' && report.zNumber !== null
    ? `paydesk-z-${String(report.zNumber).padStart(4, '0')}.${kind}`
    : `paydesk-x-shift${report.shiftId}-${date}.${kind}`;
