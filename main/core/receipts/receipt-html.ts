import type { AttemptResult, ReceiptPaper, Settings } from '../../../shared/ipc';
import { formatMoney } from '../../../shared/format/money-text';
import { formatDateTime } from '../../../shared/format/date-text';
import { isNotCharged } from '../../../shared/failures/not-charged';
import { escapeHtml } from '../html/escape-html';
import { receiptStrings } from './receipt-strings';

export type ReceiptCopy = 'customer' | 'merchant';
/** The sale's own receipt, or a hold's capture or release receipt. */
export type ReceiptKind = 'sale' | 'capture' | 'release';

/** The gateway transaction a hold's receipt stands for: a Capture, or the Void of a release. */
const holdTransactionTypes: Record<Exclude<ReceiptKind, 'sale'>, string> = {
  capture: 'Capture',
  release: 'Void',
};

export interface ReceiptInput {
  result: AttemptResult;
  header: Settings['receiptHeader'];
  copy: ReceiptCopy;
  language: Settings['language'];
  /** The paper it is laid out for; printing and PDF of one receipt use the same. */
  paper: ReceiptPaper;
  /** Training receipts say so in large type: they must never pass for real ones. */
  training: boolean;
  /** Who served: the operator's first name or ID only, null without operators. */
  operator?: string | null;
  /** IANA zone for the date line; the machine's own when absent (tests pin it). */
  timeZone?: string;
  /** `sale` when absent. */
  kind?: ReceiptKind;
}

/** When the hold's capture or release happened at the gateway, or null if it does not say. */
function holdActionTime(result: AttemptResult, kind: Exclude<ReceiptKind, 'sale'>): number | null {
  const transaction = result.order?.transactions.findLast(
    (t) => t.type === holdTransactionTypes[kind] && t.status === 'Success',
  );
  const at = transaction?.createdAt ? Date.parse(transaction.createdAt) : Number.NaN;
  return Number.isNaN(at) ? null : at;
}

// Inline styles only: the document is shown with JavaScript off and no other resource, so
// its CSP allows nothing but this stylesheet. Logical properties keep RTL correct.
const styles = `
  body { font: 13px/1.45 system-ui, "Segoe UI", "Noto Sans", "Noto Sans Arabic", sans-serif; color: #000; margin: 0; }
  header, footer { text-align: center; }
  h1 { font-size: 16px; margin: 0 0 2px; }
  .copy { font-weight: 600; text-transform: uppercase; letter-spacing: .04em; margin: 6px 0; }
  .training { border: 2px solid #000; padding: 4px; font-weight: 700; text-align: center; margin: 6px 0; }
  .status { font-size: 18px; font-weight: 700; text-align: center; margin: 10px 0 4px; }
  .amount { font-size: 22px; font-weight: 700; text-align: center; margin: 0 0 10px; }
  dl { display: grid; grid-template-columns: fit-content(40%) 1fr; gap: 2px 10px; margin: 0; border-block: 1px dashed #000; padding-block: 8px; }
  dt { font-weight: 600; }
  dd { margin: 0; text-align: end; overflow-wrap: anywhere; }
  .card { white-space: nowrap; }
  p { margin: 8px 0 0; }
`;

/**
 * Per paper: a thermal head prints about 72 mm of an 80 mm roll and 48 mm of a 58 mm one,
 * so the text block is that wide with almost no page margin; A4 centres a receipt-sized
 * block on the sheet.
 */
export const receiptLayouts: Record<ReceiptPaper, string> = {
  '80mm': '@page { margin: 2mm 4mm; } body { font-size: 12px; } main { inline-size: 72mm; }',
  '58mm': `@page { margin: 2mm 5mm; } body { font-size: 10.5px; } main { inline-size: 48mm; }
  h1 { font-size: 13px; } .status { font-size: 15px; } .amount { font-size: 17px; }
  dl { grid-template-columns: 1fr; } dd { text-align: start; }`,
  a4: '@page { size: A4; margin: 15mm; } main { max-inline-size: 110mm; margin-inline: auto; }',
};

/** A value isolated left to right (numbers, codes), or by its own first letter (`<bdi>`). */
const isolate = (value: string, ltr: boolean) =>
  ltr ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : `<bdi>${escapeHtml(value)}</bdi>`;

const line = (label: string, value: string | null, ltr = false): string =>
  value === null || value === ''
    ? ''
    : `<dt>${escapeHtml(label)}</dt><dd>${isolate(value, ltr)}</dd>`;

/** A label and already-escaped markup for its value. */
const lineHtml = (label: string, html: string): string =>
  `<dt>${escapeHtml(label)}</dt><dd>${html}</dd>`;

/**
 * A complete, self-contained receipt document for one attempt (customer or merchant copy,
 * English or Arabic with RTL layout): merchant header, date and time, status, amount, masked
 * card and brand, authorisation code, RRN, order id and reference. Printed and saved as PDF
 * by the shell from this same HTML. Every interpolated value is escaped.
 */
export function renderReceiptHtml(input: ReceiptInput): string {
  const { result, header, copy, language, training, paper } = input;
  const t = receiptStrings[language];
  const kind = input.kind ?? 'sale';
  const hold = kind === 'sale' ? null : t.holdReceipts[kind];
  // The screen's own format (`SAR 1,250.50`), from the exact decimal text, never a float.
  const money = (minor: number) => formatMoney(minor, result.currency, language);
  const at =
    kind === 'sale' ? result.createdAt : (holdActionTime(result, kind) ?? result.createdAt);
  const date = formatDateTime(at, language, input.timeZone);
  const brand = result.card.brand ? t.brands[result.card.brand] : t.unknownBrand;
  const order = result.order;

  const merchant = [
    header.merchantName && `<h1>${escapeHtml(header.merchantName)}</h1>`,
    header.address && `<div>${escapeHtml(header.address)}</div>`,
    header.vatNumber &&
      `<div>${escapeHtml(t.vatNumber)}: <bdi dir="ltr">${escapeHtml(header.vatNumber)}</bdi></div>`,
  ].join('');

  const statusLine = isNotCharged(result.outcome, result.failure?.code)
    ? t.notCharged
    : t.outcomes[result.outcome];
  const rows = [
    line(t.date, date),
    // The number alone is isolated: brand and number in one LTR isolate after an Arabic
    // brand name print as `0003******588845`.
    lineHtml(
      t.card,
      `<span class="card">${escapeHtml(brand)} ${isolate(result.card.masked, true)}</span>`,
    ),
    line(t.cardholder, result.card.holderName),
    line(t.authCode, order?.authorizationCode ?? null, true),
    line(t.rrn, order?.rrn ?? null, true),
    line(t.orderId, order?.orderId ?? null, true),
    line(t.reference, result.merchantReferenceId, true),
    line(t.operator, input.operator ?? null),
    order && order.refundedMinor > 0 ? line(t.refunded, money(order.refundedMinor)) : '',
    line(t.failureCode, result.failure?.gatewayCode ?? null, true),
    line(t.supportReference, result.failure?.correlationId ?? null, true),
  ].join('');

  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`${hold?.title ?? t.title} ${result.merchantReferenceId}`)}</title>
<style>${styles}${receiptLayouts[paper]}</style>
</head>
<body>
<main>
<header>${merchant}<div class="copy">${escapeHtml(copy === 'customer' ? t.customerCopy : t.merchantCopy)}</div></header>
${training ? `<div class="training">${escapeHtml(t.training)}</div>` : ''}
${hold ? `<div class="copy">${escapeHtml(hold.title)}</div>` : ''}
<div class="status">${escapeHtml(hold?.status ?? statusLine)}</div>
<div class="amount">${isolate(money(result.amountMinor), false)}</div>
<dl>${rows}</dl>
<footer>${hold ? `<p>${escapeHtml(hold.note)}</p>` : ''}<p>${escapeHtml(t.keepReceipt)}</p></footer>
</main>
</body>
</html>
`;
}
