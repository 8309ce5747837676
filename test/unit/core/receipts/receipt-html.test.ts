import { describe, expect, it } from 'vitest';
import { plainReceipt, receiptText } from '../../../support/receipt-fixtures';
import { formatMoney } from '../../../../shared/format/money-text';
import type { AttemptResult } from '../../../../shared/ipc';
import { renderReceiptHtml, type ReceiptInput } from '../../../../main/core/receipts/receipt-html';
import { receiptFileName } from '../../../../main/core/receipts/receipt-output';
import { receiptStrings } from '../../../../main/core/receipts/receipt-strings';

const paid: AttemptResult = {
  attemptId: 'a1',
  outcome: 'paid',
  amountMinor: 123450,
  currency: 'SAR',
  merchantReferenceId: 'PD-20261122-AB12CD',
  card: { brand: 'mastercard', masked: '512345******0008', holderName: 'Noura Al-Harbi' },
  order: {
    orderId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    status: 'Success',
    detailedStatus: 'Paid',
    authorizationCode: 'A1B2C3',
    rrn: '432112345678',
    capturedMinor: 123450,
    refundedMinor: 0,
    transactions: [],
  },
  failure: null,
  createdAt: Date.UTC(2026, 10, 22, 9, 5, 7),
};

const header = {
  merchantName: 'Dar Al Qahwa',
  address: 'King Fahd Rd, Riyadh',
  vatNumber: '300012345600003',
};
const input = (patch: Partial<ReceiptInput> = {}): ReceiptInput => ({
  result: paid,
  header,
  ...plainReceipt,
  ...patch,
});

const text = receiptText;

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('receipt strings', () => {
  it('has exactly the same keys in English and Arabic, none empty', () => {
    expect(keysOf(receiptStrings.ar).sort()).toEqual(keysOf(receiptStrings.en).sort());
    const values = [receiptStrings.en, receiptStrings.ar].flatMap(
      (t) => JSON.stringify(t).match(/""/g) ?? [],
    );
    expect(values).toEqual([]);
  });
});

describe('renderReceiptHtml', () => {
  it('shows every line of an approved customer copy in English', () => {
    const html = renderReceiptHtml(input());
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    const shown = text(html);
    for (const expected of [
      'Dar Al Qahwa',
      'King Fahd Rd, Riyadh',
      'VAT number: 300012345600003',
      'Customer copy',
      'APPROVED',
      'SAR 1,234.50',
      'Mastercard 512345******0008',
      'Noura Al-Harbi',
      'A1B2C3',
      '432112345678',
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      'PD-20261122-AB12CD',
      '22 Nov 2026, 12:05:07',
    ]) {
      expect(shown).toContain(expected);
    }
    expect(shown).not.toContain('TRAINING');
    expect(shown).not.toContain('Refunded');
  });

  it('lays out an Arabic merchant copy right to left with Arabic labels', () => {
    const html = renderReceiptHtml(input({ language: 'ar', copy: 'merchant' }));
    expect(html).toContain('<html lang="ar" dir="rtl">');
    const shown = text(html);
    for (const expected of [
      'نسخة التاجر',
      'مقبولة',
      'رمز الموافقة',
      'ماستركارد',
      'الرقم الضريبي',
    ]) {
      expect(shown).toContain(expected);
    }
    // The card number alone stays left to right inside the RTL page (the brand is Arabic
    // text); how it renders is checked in Chromium (test/e2e/ui-receipt-arabic.spec.ts).
    expect(html).toContain('ماستركارد <bdi dir="ltr">512345******0008</bdi></span>');
    // The screen's money format, in the platform's Arabic digits, the riyal as «ر.س».
    expect(shown).toContain(
      formatMoney(123_450, 'SAR', 'ar').replace('SAR', 'ر.س').replace(/\s+/g, ' '),
    );
    expect(shown).not.toContain('SAR');
  });

  it('escapes every interpolated value', () => {
    const hostile = '<script>alert(1)</script>"\'&';
    const html = renderReceiptHtml(
      input({
        header: {
          merchantName: hostile,
          address: '<img src=x onerror=alert(1)>',
          vatNumber: '"><b>',
        },
        result: {
          ...paid,
          merchantReferenceId: hostile,
          card: { ...paid.card, holderName: '</dd><iframe src="https://evil.example">' },
        },
      }),
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
  });

  it('marks Training receipts', () => {
    expect(text(renderReceiptHtml(input({ training: true })))).toContain(
      'TRAINING MODE: NOT A REAL PAYMENT',
    );
    expect(text(renderReceiptHtml(input({ training: true, language: 'ar' })))).toContain(
      'وضع التدريب',
    );
  });

  it('shows the refusal code and support reference of a declined attempt, and no empty lines', () => {
    const declined: AttemptResult = {
      ...paid,
      outcome: 'declined',
      order: { ...paid.order!, authorizationCode: null, rrn: null },
      failure: {
        code: 'declined',
        gatewayCode: '400.051',
        gatewayMessage: 'Insufficient funds',
        correlationId: 'corr-77',
      },
    };
    const html = renderReceiptHtml(input({ result: declined }));
    const shown = text(html);
    expect(shown).toContain('DECLINED');
    expect(shown).toContain('Response code 400.051');
    expect(shown).toContain('Support reference corr-77');
    expect(shown).not.toContain('Authorisation code');
    expect(html).not.toMatch(/<dd>\s*<\/dd>/);
  });

  it.each([
    ['en', 'NOT CHARGED'],
    ['ar', 'لم يُخصم أي مبلغ'],
  ] as const)(
    'words a Pay cancelled with nothing taken as not charged (%s), not as an error',
    (language, words) => {
      const cancelled: AttemptResult = {
        ...paid,
        outcome: 'error',
        order: {
          ...paid.order!,
          detailedStatus: 'Cancelled',
          authorizationCode: null,
          rrn: null,
          capturedMinor: 0,
        },
        failure: {
          code: 'pay-not-completed',
          gatewayCode: null,
          gatewayMessage: null,
          correlationId: null,
        },
      };
      const shown = text(renderReceiptHtml(input({ result: cancelled, language })));
      expect(shown).toContain(words);
      expect(shown).not.toContain(receiptStrings[language].outcomes.error);
      // Any other error keeps its own words.
      const other = {
        ...cancelled,
        failure: { ...cancelled.failure!, code: 'gateway-server-error' },
      };
      expect(text(renderReceiptHtml(input({ result: other, language })))).toContain(
        receiptStrings[language].outcomes.error,
      );
    },
  );

  it('shows refunds and the currency exponent (KWD has 3 decimals), without a card brand', () => {
    const result: AttemptResult = {
      ...paid,
      currency: 'KWD',
      amountMinor: 10005,
      card: { ...paid.card, brand: null },
      order: { ...paid.order!, refundedMinor: 5000 },
    };
    const shown = text(renderReceiptHtml(input({ result })));
    expect(shown).toContain('KWD 10.005');
    expect(shown).toContain('Refunded KWD 5.000');
    expect(shown).toContain('Card 512345******0008');
  });

  it('allows no script, no network and no other resource', () => {
    expect(renderReceiptHtml(input())).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
  });
});

describe('saved-card receipts', () => {
  // A saved card's payment as the journal answers it: no holder name at our side.
  const saved: AttemptResult = {
    ...paid,
    card: { ...paid.card, holderName: '' },
    cardSource: 'saved',
  };
  const charged: AttemptResult = { ...saved, cardSource: 'merchant-initiated' };
  const en = receiptStrings.en.savedCard;
  const ar = receiptStrings.ar.savedCard;

  it('says a saved card paid, with no empty cardholder line', () => {
    const html = renderReceiptHtml(input({ result: saved }));
    const shown = text(html);
    expect(shown).toContain(`${en.entry} ${en.saved}`);
    expect(shown).not.toContain(receiptStrings.en.cardholder);
    expect(shown).not.toContain(en.chargedWithoutCustomer);
    expect(html).not.toMatch(/<dd>\s*<\/dd>/);
    // A card typed in keeps its receipt as it was.
    const keyed = text(renderReceiptHtml(input()));
    expect(keyed).toContain('Cardholder Noura Al-Harbi');
    expect(keyed).not.toContain(en.entry);
  });

  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)(
    'says a merchant-initiated charge was taken without the customer (%s)',
    (language, t) => {
      const shown = text(renderReceiptHtml(input({ result: charged, language })));
      expect(shown).toContain(`${t.entry} ${t.merchantInitiated}`);
      expect(shown).toContain(t.chargedWithoutCustomer);
      expect(shown).not.toContain(receiptStrings[language].cardholder);
    },
  );

  it('says nothing was charged without the customer when nothing was', () => {
    const declined: AttemptResult = { ...charged, outcome: 'declined' };
    const shown = text(renderReceiptHtml(input({ result: declined })));
    expect(shown).toContain(`${en.entry} ${en.merchantInitiated}`);
    expect(shown).not.toContain(en.chargedWithoutCustomer);
    const refunded: AttemptResult = {
      ...charged,
      order: {
        ...charged.order!,
        refundedMinor: 1000,
        transactions: [
          {
            type: 'Refund',
            status: 'Success',
            amountMinor: 1000,
            currency: 'SAR',
            authorizationCode: null,
            rrn: null,
            responseCode: '000',
            createdAt: '2026-11-23T10:00:00Z',
          },
        ],
      },
    };
    const refund = text(renderReceiptHtml(input({ result: refunded, kind: 'refund' })));
    expect(refund).toContain(en.merchantInitiated);
    expect(refund).not.toContain(en.chargedWithoutCustomer);
  });

  it('prints both languages on a bilingual slip', () => {
    const shown = text(renderReceiptHtml(input({ result: charged, bilingual: true })));
    expect(shown).toContain(`${en.merchantInitiated} / ${ar.merchantInitiated}`);
    expect(shown).toContain(en.chargedWithoutCustomer);
    expect(shown).toContain(ar.chargedWithoutCustomer);
  });
});

describe('receiptFileName', () => {
  it.each([
    ['PD-20261122-AB12CD', 'customer', 'paydesk-PD-20261122-AB12CD-customer.pdf'],
    ['Order 42/7', 'merchant', 'paydesk-Order_42_7-merchant.pdf'],
    ['../../etc/passwd', 'customer', 'paydesk-etc_passwd-customer.pdf'],
    ['طلب', 'customer', 'paydesk-receipt-customer.pdf'],
    ['', 'merchant', 'paydesk-receipt-merchant.pdf'],
  ] as const)('%j (%s) → %s', (reference, copy, expected) => {
    expect(receiptFileName(reference, copy)).toBe(expected);
  });
});

describe('hold receipts', () => {
  const transaction = (type: string, createdAt: string) => ({
    type,
    status: 'Success',
    amountMinor: 123450,
    currency: 'SAR',
    authorizationCode: 'A1B2C3',
    rrn: '432112345678',
    responseCode: '000',
    createdAt,
  });
  const order = paid.order!;
  const held: AttemptResult = {
    ...paid,
    outcome: 'authorized',
    order: { ...order, detailedStatus: 'Authorized', capturedMinor: 0 },
  };
  const captured: AttemptResult = {
    ...paid,
    order: {
      ...order,
      detailedStatus: 'Captured',
      transactions: [
        transaction('Authorization', '2026-11-22T09:05:07Z'),
        transaction('Capture', '2026-11-25T14:30:00Z'),
      ],
    },
  };
  const released: AttemptResult = {
    ...held,
    order: {
      ...order,
      detailedStatus: 'Voided',
      capturedMinor: 0,
      transactions: [
        transaction('Authorization', '2026-11-22T09:05:07Z'),
        transaction('Void', '2026-11-23T08:00:00Z'),
      ],
    },
  };

  it.each(['80mm', '58mm', 'a4'] as const)('a hold says it is not charged yet (%s)', (paper) => {
    expect(text(renderReceiptHtml(input({ result: held, paper })))).toContain(
      'AUTHORIZED — NOT YET CHARGED',
    );
    expect(text(renderReceiptHtml(input({ result: held, paper, language: 'ar' })))).toContain(
      receiptStrings.ar.outcomes.authorized,
    );
  });

  it.each(['80mm', '58mm', 'a4'] as const)(
    'capture and release have receipts of their own, dated when they happened (%s)',
    (paper) => {
      const capture = text(renderReceiptHtml(input({ result: captured, paper, kind: 'capture' })));
      expect(capture).toContain('Capture of a held payment');
      expect(capture).toContain('CHARGED');
      expect(capture).toContain('25 Nov 2026, 17:30:00');
      const release = text(renderReceiptHtml(input({ result: released, paper, kind: 'release' })));
      expect(release).toContain('RELEASED — NOT CHARGED');
      expect(release).toContain('23 Nov 2026, 11:00:00');
      expect(release).not.toContain('APPROVED');
      const arabic = text(
        renderReceiptHtml(input({ result: released, paper, kind: 'release', language: 'ar' })),
      );
      expect(arabic).toContain(receiptStrings.ar.holdReceipts.release.status);
      expect(arabic).toContain('1,234.50');
    },
  );
});
