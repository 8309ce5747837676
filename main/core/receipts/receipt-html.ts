import type { AttemptResult, Settings } from '../../../shared/ipc';
import { currencyExponent, formatMinor } from '../../../shared/money/amount';
import { escapeHtml } from '../html/escape-html';
import { receiptStrings } from './receipt-strings';

export type ReceiptCopy = 'customer' | 'merchant';

export interface ReceiptInput {
  result: AttemptResult;
  header: Settings['receiptHeader'];
  copy: ReceiptCopy;
  language: Settings['language'];
  /** Training receipts say so in large type: they must never pass for real ones. */
  training: boolean;
  /** Who served: the operator's first name or ID only (issue 15), null without operators. */
  operator?: string | null;
  /** IANA zone for the date line; the machine's own when absent (tests pin it). */
  timeZone?: string;
}

const locales = { en: 'en-GB', ar: 'ar' } as const;

// Inline styles only: the document is shown with JavaScript off and no other resource, so
// its CSP allows nothing but this stylesheet. Logical properties keep RTL correct.
const styles = `
  @page { margin: 8mm; }
  body { font: 13px/1.45 system-ui, "Segoe UI", "Noto Sans", "Noto Sans Arabic", sans-serif; color: #000; margin: 0; }
  main { max-inline-size: 80mm; margin-inline: auto; }
  header, footer { text-align: center; }
  h1 { font-size: 16px; margin: 0 0 2px; }
  .copy { font-weight: 600; text-transform: uppercase; letter-spacing: .04em; margin: 6px 0; }
  .training { border: 2px solid #000; padding: 4px; font-weight: 700; text-align: center; margin: 6px 0; }
  .status { font-size: 18px; font-weight: 700; text-align: center; margin: 10px 0 4px; }
  .amount { font-size: 22px; font-weight: 700; text-align: center; margin: 0 0 10px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 0; border-block: 1px dashed #000; padding-block: 8px; }
  dt { font-weight: 600; }
  dd { margin: 0; text-align: end; overflow-wrap: anywhere; }
  p { margin: 8px 0 0; }
`;

const line = (label: string, value: string | null, ltr = false): string =>
  value === null || value === ''
    ? ''
    : `<dt>${escapeHtml(label)}</dt><dd>${ltr ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : escapeHtml(value)}</dd>`;

/**
 * A complete, self-contained receipt document for one attempt (customer or merchant copy,
 * English or Arabic with RTL layout): merchant header, date and time, status, amount, masked
 * card and brand, authorisation code, RRN, order id and reference. Printed and saved as PDF
 * by the shell from this same HTML. Every interpolated value is escaped.
 */
export function renderReceiptHtml(input: ReceiptInput): string {
  const { result, header, copy, language, training } = input;
  const t = receiptStrings[language];
  const locale = locales[language];
  const exponent = currencyExponent(result.currency);
  const amountFormat = new Intl.NumberFormat(locale, {
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  // Formatted from the exact decimal text, never from a float division of minor units.
  const money = (minor: number) =>
    `${amountFormat.format(formatMinor(minor, result.currency) as `${number}`)} ${result.currency}`;
  const date = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  }).format(result.createdAt);
  const brand = result.card.brand ? t.brands[result.card.brand] : t.unknownBrand;
  const order = result.order;

  const merchant = [
    header.merchantName && `<h1>${escapeHtml(header.merchantName)}</h1>`,
    header.address && `<div>${escapeHtml(header.address)}</div>`,
    header.vatNumber &&
      `<div>${escapeHtml(t.vatNumber)}: <bdi dir="ltr">${escapeHtml(header.vatNumber)}</bdi></div>`,
  ].join('');

  const rows = [
    line(t.date, date),
    line(t.card, `${brand} ${result.card.masked}`, true),
    line(t.cardholder, result.card.holderName),
    line(t.authCode, order?.authorizationCode ?? null, true),
    line(t.rrn, order?.rrn ?? null, true),
    line(t.orderId, order?.orderId ?? null, true),
    line(t.reference, result.merchantReferenceId, true),
    line(t.operator, input.operator ?? null),
    order && order.refundedMinor > 0 ? line(t.refunded, money(order.refundedMinor), true) : '',
    line(t.failureCode, result.failure?.gatewayCode ?? null, true),
    line(t.supportReference, result.failure?.correlationId ?? null, true),
  ].join('');

  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`${t.title} ${result.merchantReferenceId}`)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<header>${merchant}<div class="copy">${escapeHtml(copy === 'customer' ? t.customerCopy : t.merchantCopy)}</div></header>
${training ? `<div class="training">${escapeHtml(t.training)}</div>` : ''}
<div class="status">${escapeHtml(t.outcomes[result.outcome])}</div>
<div class="amount"><bdi dir="ltr">${escapeHtml(money(result.amountMinor))}</bdi></div>
<dl>${rows}</dl>
<footer><p>${escapeHtml(t.keepReceipt)}</p></footer>
</main>
</body>
</html>
`;
}
