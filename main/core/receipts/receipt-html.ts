import type { AttemptResult, ReceiptPaper, Settings } from '../../../shared/ipc';
import { formatDateTime } from '../../../shared/format/date-text';
import { isNotCharged } from '../../../shared/failures/not-charged';
import { escapeHtml } from '../html/escape-html';
import { receiptFacts, type ReceiptFacts, type ReceiptKind } from './receipt-facts';
import { formatReceiptMoney } from './receipt-money';
import { receiptStrings } from './receipt-strings';

export type { ReceiptKind } from './receipt-facts';
export type ReceiptCopy = 'customer' | 'merchant';

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
  /** For a refund receipt: the refund's place among the order's refunds, oldest first. */
  refund?: number;
  /**
   * Every label and heading in English and Arabic on one slip, as Saudi card slips are;
   * values then print once, in the English format.
   */
  bilingual?: boolean;
}

// Inline styles only: the document is shown with JavaScript off and no other resource, so
// its CSP allows nothing but this stylesheet. Logical properties keep RTL correct. Labels
// never wrap: a label broken over two lines reads as two labels on a narrow roll.
const styles = `
  body { font: 13px/1.45 system-ui, "Segoe UI", "Noto Sans", "Noto Sans Arabic", sans-serif; color: #000; margin: 0; }
  header, footer { text-align: center; }
  h1 { font-size: 16px; margin: 0 0 2px; }
  .copy { font-weight: 600; text-transform: uppercase; letter-spacing: .04em; margin: 6px 0; text-align: center; }
  .training { border: 2px solid #000; padding: 4px; font-weight: 700; text-align: center; margin: 6px 0; }
  .status { font-size: 18px; font-weight: 700; text-align: center; margin: 10px 0 4px; }
  .amount { font-size: 22px; font-weight: 700; text-align: center; margin: 0 0 10px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; border-block: 1px dashed #000; padding-block: 8px; }
  dt { font-weight: 600; white-space: nowrap; }
  dd { margin: 0; text-align: end; overflow-wrap: anywhere; }
  .card { white-space: nowrap; }
  .note { margin: 8px 0 0; }
  .bilingual dl { grid-template-columns: 1fr; gap: 0; }
  .bilingual dt { display: flex; justify-content: space-between; gap: 8px; margin-block-start: 3px; }
  .bilingual dd { text-align: center; }
  .bilingual [lang="ar"] { unicode-bidi: isolate; }
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
  dl { grid-template-columns: 1fr; } dt { white-space: normal; } dd { text-align: start; }`,
  a4: '@page { size: A4; margin: 15mm; } main { max-inline-size: 110mm; margin-inline: auto; }',
};

type Strings = (typeof receiptStrings)['en'];
/** A receipt text, picked from the strings of whichever language prints it. */
type Say = (pick: (t: Strings) => string) => string;

/**
 * Markup for one receipt text: in the receipt's language, or English then Arabic (apart by
 * layout in a label, by `between` in running text).
 */
const sayer =
  (language: Settings['language'], bilingual: boolean, between = ''): Say =>
  (pick) =>
    bilingual
      ? `<span lang="en">${escapeHtml(pick(receiptStrings.en))}</span>${between}<span lang="ar" dir="rtl">${escapeHtml(pick(receiptStrings.ar))}</span>`
      : escapeHtml(pick(receiptStrings[language]));

/** The same, each language as its own block (headings, notes). */
const blocks =
  (language: Settings['language'], bilingual: boolean) =>
  (className: string, pick: (t: Strings) => string): string =>
    bilingual
      ? `<div class="${className}"><div lang="en">${escapeHtml(pick(receiptStrings.en))}</div><div lang="ar" dir="rtl">${escapeHtml(pick(receiptStrings.ar))}</div></div>`
      : `<div class="${className}">${escapeHtml(pick(receiptStrings[language]))}</div>`;

/** A value isolated left to right (numbers, codes), or by its own first letter (`<bdi>`). */
const isolate = (value: string, ltr: boolean) =>
  ltr ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : `<bdi>${escapeHtml(value)}</bdi>`;

/** The heading: what the receipt is for, as the payment is now. */
function headingOf(facts: ReceiptFacts, result: AttemptResult): (t: Strings) => string {
  switch (facts.state.kind) {
    case 'captured':
      return (t) => t.holdReceipts.capture.status;
    case 'released':
      return (t) => t.holdReceipts.release.status;
    case 'refund':
      return (t) => t.refundReceipt.status;
    case 'partly-refunded':
      return (t) => t.partlyRefunded;
    case 'fully-refunded':
      return (t) => t.fullyRefunded;
    case 'outcome':
      return isNotCharged(result.outcome, result.failure?.code)
        ? (t) => t.notCharged
        : (t) => t.outcomes[result.outcome];
  }
}

/** The receipt's own title and closing note, for receipts other than the sale's. */
function kindStrings(kind: ReceiptKind) {
  if (kind === 'sale') return null;
  return (t: Strings) => (kind === 'refund' ? t.refundReceipt : t.holdReceipts[kind]);
}

/**
 * A complete, self-contained receipt document for one payment (customer or merchant copy,
 * English, Arabic with RTL layout, or both on one slip): merchant header, transaction type,
 * a heading that says what the payment is now, the amount, date and time, masked card and
 * brand, authorisation code, RRN, order id and reference, and what was refunded. Printed
 * and saved as PDF by the shell from this same HTML. Every interpolated value is escaped.
 * Throws NoSuchReceipt for a capture, release or refund the payment does not have.
 */
export function renderReceiptHtml(input: ReceiptInput): string {
  const { result, header, copy, training, paper } = input;
  const bilingual = input.bilingual ?? false;
  // A bilingual slip prints its values once, in the English format.
  const language = bilingual ? 'en' : input.language;
  const t = receiptStrings[language];
  const say = sayer(language, bilingual);
  const sayInline = sayer(language, bilingual, ' / ');
  const block = blocks(language, bilingual);
  const kind = input.kind ?? 'sale';
  const facts = receiptFacts(result, kind, input.refund);
  const own = kindStrings(kind);
  const money = (minor: number) => formatReceiptMoney(minor, result.currency, language);
  const date = formatDateTime(facts.at, language, input.timeZone);
  const brand = result.card.brand ? t.brands[result.card.brand] : t.unknownBrand;
  const order = result.order;

  const line = (label: (t: Strings) => string, value: string | null, ltr = false): string =>
    value === null || value === '' ? '' : `<dt>${say(label)}</dt><dd>${isolate(value, ltr)}</dd>`;
  const amountLine = (label: (t: Strings) => string, minor: number) =>
    line(label, money(minor), language === 'en');

  const merchant = [
    header.merchantName && `<h1>${escapeHtml(header.merchantName)}</h1>`,
    header.address && `<div>${escapeHtml(header.address)}</div>`,
    header.vatNumber &&
      `<div>${sayInline((s) => s.vatNumber)}: <bdi dir="ltr">${escapeHtml(header.vatNumber)}</bdi></div>`,
  ].join('');

  const refunds = facts.refunds;
  const saved = facts.savedCard;
  const rows = [
    `<dt>${say((s) => s.transactionType)}</dt><dd>${sayInline((s) => s.transactionTypes[facts.transactionType])}</dd>`,
    line((s) => s.date, date),
    // The number alone is isolated: brand and number in one LTR isolate after an Arabic
    // brand name print as `0003******588845`.
    `<dt>${say((s) => s.card)}</dt><dd><span class="card">${escapeHtml(brand)} ${isolate(result.card.masked, true)}</span></dd>`,
    // A saved card has no holder name at our side: no empty line for it.
    line((s) => s.cardholder, result.card.holderName.trim()),
    saved
      ? `<dt>${say((s) => s.savedCard.entry)}</dt><dd>${sayInline((s) => (saved.source === 'saved' ? s.savedCard.saved : s.savedCard.merchantInitiated))}</dd>`
      : '',
    line((s) => s.authCode, facts.authorizationCode, true),
    line((s) => s.rrn, facts.rrn, true),
    line((s) => s.orderId, order?.orderId ?? null, true),
    line((s) => s.reference, result.merchantReferenceId, true),
    line((s) => s.operator, input.operator ?? null),
    refunds ? amountLine((s) => s.originalAmount, refunds.originalMinor) : '',
    refunds ? amountLine((s) => s.refunded, refunds.refundedMinor) : '',
    refunds ? amountLine((s) => s.stillCharged, refunds.stillChargedMinor) : '',
    line((s) => s.failureCode, result.failure?.gatewayCode ?? null, true),
    line((s) => s.supportReference, result.failure?.correlationId ?? null, true),
  ].join('');

  const notes = [
    saved?.chargedWithoutCustomer ? block('note', (s) => s.savedCard.chargedWithoutCustomer) : '',
    facts.nowFullyRefunded ? block('note', (s) => s.refundReceipt.nowFullyRefunded) : '',
    own ? block('note', (s) => own(s).note) : '',
    block('note', (s) => s.keepReceipt),
  ].join('');
  const title = own ? own(t).title : t.title;

  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`${title} ${result.merchantReferenceId}`)}</title>
<style>${styles}${receiptLayouts[paper]}</style>
</head>
<body${bilingual ? ' class="bilingual"' : ''}>
<main>
<header>${merchant}${block('copy', (s) => (copy === 'customer' ? s.customerCopy : s.merchantCopy))}</header>
${training ? block('training', (s) => s.training) : ''}
${own ? block('copy', (s) => own(s).title) : ''}
${block('status', headingOf(facts, result))}
<div class="amount">${isolate(money(facts.amountMinor), false)}</div>
<dl>${rows}</dl>
<footer>${notes}</footer>
</main>
</body>
</html>
`;
}
