import type { ReceiptPaper } from '../../../shared/ipc';
import type { ReportLine, ShiftReport } from '../../../shared/ipc-shifts';
import { escapeHtml } from '../html/escape-html';
import { receiptLayouts } from '../receipts/receipt-html';
import { reportStrings } from './report-strings';
import { reportView } from './report-sections';

export interface ReportDocumentInput {
  report: ShiftReport;
  language: 'en' | 'ar';
  paper: ReceiptPaper;
  merchantName: string;
  vatNumber?: string;
  /** Operators' names by ID. */
  names?: ReadonlyMap<string, string>;
  training: boolean;
  /** A Z printed again: marked as a copy. */
  reprint: boolean;
  timeZone?: string;
}

// Inline styles only, as the receipt: the document is printed with JavaScript off.
const styles = `
  body { font: 12px/1.4 system-ui, "Segoe UI", "Noto Sans", "Noto Sans Arabic", sans-serif; color: #000; margin: 0; }
  header { text-align: center; }
  h1 { font-size: 15px; margin: 0; } h2 { font-size: 13px; margin: 10px 0 2px; }
  .banner { border: 2px solid #000; padding: 3px; font-weight: 700; text-align: center; margin: 6px 0; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: 1px 8px; margin: 0; border-block-end: 1px dashed #000; padding-block-end: 4px; }
  dd { margin: 0; text-align: end; overflow-wrap: anywhere; }
  p { margin: 2px 0; }
`;

const value = (line: ReportLine) =>
  line.ltr
    ? `<bdi dir="ltr">${escapeHtml(line.value)}</bdi>`
    : `<bdi>${escapeHtml(line.value)}</bdi>`;

/**
 * The X or Z report as one self-contained document for the printer and the PDF, on the
 * receipts' paper layouts (80 mm, 58 mm, A4), English or Arabic right to left. Every value
 * is escaped.
 */
export function renderReportHtml(input: ReportDocumentInput): string {
  const { language } = input;
  const view = reportView(input.report, {
    language,
    reprint: input.reprint,
    timeZone: input.timeZone,
    names: input.names,
    // The merchant heads the page; the VAT number is a line of the shift's header.
    merchant: { merchantName: '', vatNumber: input.vatNumber ?? '' },
    narrow: input.paper !== 'a4',
  });
  const banners = [input.training ? reportStrings[language].training : null, view.banner].filter(
    (text): text is string => text !== null,
  );
  const sections = view.sections
    .map(
      (section) =>
        `<section><h2>${escapeHtml(section.title)}</h2>${
          section.note && section.note !== section.title ? `<p>${escapeHtml(section.note)}</p>` : ''
        }${
          section.lines.length > 0
            ? `<dl>${section.lines
                .map((line) => `<dt>${escapeHtml(line.label)}</dt><dd>${value(line)}</dd>`)
                .join('')}</dl>`
            : ''
        }</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(view.title)}</title>
<style>${styles}${receiptLayouts[input.paper]}</style>
</head>
<body>
<main>
<header>${input.merchantName ? `<h1>${escapeHtml(input.merchantName)}</h1>` : ''}<h1>${escapeHtml(view.title)}</h1></header>
${banners.map((text) => `<div class="banner">${escapeHtml(text)}</div>`).join('')}
${sections}
</main>
</body>
</html>
`;
}
