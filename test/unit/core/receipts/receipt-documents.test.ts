import { describe, expect, it } from 'vitest';
import { plainReceipt, receiptText } from '../../../support/receipt-fixtures';
import type { AttemptResult } from '../../../../shared/ipc';
import { renderReceiptHtml, type ReceiptInput } from '../../../../main/core/receipts/receipt-html';
import { NoSuchReceipt } from '../../../../main/core/receipts/receipt-facts';
import { receiptPageSize } from '../../../../main/core/receipts/receipt-output';

// Which receipt says what: refunds, reprints after them, the transaction type, both
// languages on one slip. How they lay out is measured in Chromium (test/e2e).

const transaction = (type: string, amountMinor: number, createdAt: string, code: string) => ({
  type,
  status: 'Success',
  amountMinor,
  currency: 'SAR',
  authorizationCode: code,
  rrn: `RRN-${code}`,
  responseCode: '000',
  createdAt,
});

const paid: AttemptResult = {
  attemptId: 'a1',
  outcome: 'paid',
  amountMinor: 125_050,
  currency: 'SAR',
  merchantReferenceId: 'PD-20261126-FC12AB',
  card: { brand: 'mada', masked: '588845******0003', holderName: 'Noura Al-Harbi' },
  order: {
    orderId: 'ord-1',
    status: 'Success',
    detailedStatus: 'Paid',
    authorizationCode: 'PAY111',
    rrn: '432112345678',
    capturedMinor: 125_050,
    refundedMinor: 0,
    transactions: [transaction('Pay', 125_050, '2026-11-26T09:00:00Z', 'PAY111')],
  },
  failure: null,
  createdAt: Date.UTC(2026, 10, 26, 9, 0, 0),
};

/** `paid` after refunds of these amounts, in order. */
const refunded = (...amounts: number[]): AttemptResult => ({
  ...paid,
  order: {
    ...paid.order!,
    refundedMinor: amounts.reduce((sum, a) => sum + a, 0),
    transactions: [
      ...paid.order!.transactions,
      ...amounts.map((a, i) =>
        transaction('Refund', a, `2026-11-2${7 + i}T10:00:00Z`, `REF${i + 1}`),
      ),
    ],
  },
});

const render = (patch: Partial<ReceiptInput>) =>
  renderReceiptHtml({
    result: paid,
    header: { merchantName: 'Dar Al Qahwa', address: '', vatNumber: '' },
    ...plainReceipt,
    ...patch,
  });

const text = receiptText;

const heading = (html: string) => /<div class="status">([\s\S]*?)<\/div>\n/.exec(html)![1]!;
const bigAmount = (html: string) => text(/<div class="amount">(.*?)<\/div>/.exec(html)![1]!).trim();

describe('refund receipts', () => {
  it('one per refund: its own amount, date and codes, and what is left after it', () => {
    const result = refunded(25_000, 100_050);
    const first = render({ result, kind: 'refund', refund: 0 });
    expect(text(first)).toContain('Refund receipt');
    expect(heading(first)).toBe('REFUND APPROVED');
    expect(bigAmount(first)).toBe('SAR 250.00');
    const shown = text(first);
    expect(shown).toContain('Transaction Refund');
    expect(shown).toContain('27 Nov 2026, 13:00:00');
    expect(shown).toContain('Authorisation code REF1');
    expect(shown).toContain('Original amount SAR 1,250.50');
    expect(shown).toContain('Refunded SAR 250.00');
    expect(shown).toContain('Still charged SAR 1,000.50');
    expect(shown).not.toContain('fully refunded');

    const second = text(render({ result, kind: 'refund', refund: 1 }));
    expect(second).toContain('SAR 1,000.50');
    expect(second).toContain('28 Nov 2026, 13:00:00');
    expect(second).toContain('Refunded SAR 1,250.50');
    expect(second).toContain('Still charged SAR 0.00');
    expect(second).toContain('The payment is now fully refunded.');
  });

  it('in Arabic: «إيصال استرداد», the type «استرداد» and the riyal as «ر.س»', () => {
    const shown = text(render({ result: refunded(25_000), kind: 'refund', language: 'ar' }));
    expect(shown).toContain('إيصال استرداد');
    expect(shown).toContain('نوع العملية استرداد');
    expect(shown).toContain('250.00 ر.س');
    expect(shown).not.toContain('SAR');
  });

  it('a refund, capture or release the payment does not have is refused', () => {
    expect(() => render({ result: refunded(25_000), kind: 'refund', refund: 1 })).toThrow(
      NoSuchReceipt,
    );
    expect(() => render({ kind: 'capture' })).toThrow(NoSuchReceipt);
    expect(() => render({ kind: 'release' })).toThrow(NoSuchReceipt);
  });
});

describe('reprints say what the payment is now', () => {
  it('a sale with no refund: APPROVED, the amount, type Purchase', () => {
    const html = render({});
    expect(heading(html)).toBe('APPROVED');
    expect(bigAmount(html)).toBe('SAR 1,250.50');
    expect(text(html)).toContain('Transaction Purchase');
    expect(text(html)).not.toContain('Original amount');
  });

  it('partly refunded: headed so, the large amount is what is still charged', () => {
    const html = render({ result: refunded(25_000) });
    expect(heading(html)).toBe('PARTLY REFUNDED');
    expect(bigAmount(html)).toBe('SAR 1,000.50');
    expect(text(html)).toContain('Original amount SAR 1,250.50');
    expect(text(html)).toContain('Refunded SAR 250.00');
  });

  it('fully refunded: never APPROVED SAR 1,250.50', () => {
    const html = render({ result: refunded(25_000, 100_050) });
    expect(heading(html)).toBe('FULLY REFUNDED');
    expect(bigAmount(html)).toBe('SAR 0.00');
    expect(text(html)).not.toContain('APPROVED');
    expect(text(html)).toContain('Refunded SAR 1,250.50');
    expect(text(render({ result: refunded(125_050), language: 'ar' }))).toContain('مستردة بالكامل');
  });

  it('names the transaction type of a hold, its capture and its release', () => {
    const held: AttemptResult = { ...paid, outcome: 'authorized' };
    expect(text(render({ result: held }))).toContain('Transaction Hold');
    const captured = {
      ...paid,
      order: {
        ...paid.order!,
        transactions: [transaction('Capture', 125_050, '2026-11-26T10:00:00Z', 'CAP1')],
      },
    };
    expect(text(render({ result: captured, kind: 'capture' }))).toContain('Transaction Capture');
    expect(text(render({ result: captured, kind: 'capture', language: 'ar' }))).toContain(
      'نوع العملية تحصيل',
    );
    const released = {
      ...held,
      order: {
        ...paid.order!,
        transactions: [transaction('Void', 125_050, '2026-11-26T10:00:00Z', 'V1')],
      },
    };
    expect(text(render({ result: released, kind: 'release' }))).toContain('Transaction Void');
    expect(text(render({ language: 'ar' }))).toContain('نوع العملية شراء');
  });
});

describe('bilingual receipts', () => {
  it('every label and heading in English and Arabic, values once in the English format', () => {
    const html = render({ bilingual: true, language: 'ar', result: refunded(25_000) });
    expect(html).toContain('<html lang="en" dir="ltr">');
    for (const [en, ar] of [
      ['Transaction', 'نوع العملية'],
      ['Date', 'التاريخ'],
      ['Authorisation code', 'رمز الموافقة'],
      ['Customer copy', 'نسخة العميل'],
      ['PARTLY REFUNDED', 'مستردة جزئيًا'],
      ['Please keep this receipt.', 'يرجى الاحتفاظ بهذا الإيصال.'],
    ]) {
      expect(html).toContain(`lang="en">${en}<`);
      expect(html).toContain(`lang="ar" dir="rtl">${ar}<`);
    }
    expect(bigAmount(html)).toBe('SAR 1,000.50');
    expect(text(html)).toContain('26 Nov 2026, 12:00:00');
  });
});

describe('receipt page size', () => {
  it('a roll is as long as its content; A4 stays A4', () => {
    // 600 CSS px of content is 158.75 mm, plus the roll's margins.
    expect(receiptPageSize('80mm', 600)).toEqual({ width: 80, height: 166 });
    expect(receiptPageSize('58mm', 600)).toEqual({ width: 58, height: 166 });
    expect(receiptPageSize('a4', 600)).toEqual({ width: 210, height: 297 });
  });
});
