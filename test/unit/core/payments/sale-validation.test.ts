import { describe, expect, it } from 'vitest';
import type { SaleRequest } from '../../../../shared/ipc';
import { validateSale } from '../../../../main/core/payments/sale-validation';
import { capMinorOf } from '../../../../shared/money/amount';
import { cardForms } from '../../../support/card-forms';

const now = new Date('2026-01-15T12:00:00');
const sale = (
  patch: Partial<SaleRequest> = {},
  card: Partial<SaleRequest['card']> = {},
): SaleRequest => ({
  amount: '125.50',
  currency: 'SAR',
  merchantReferenceId: ' PD-1 ',
  customerPhone: null,
  ...patch,
  card: {
    number: '5123 4500 0000 0008',
    expiry: '01/39',
    cvv: '123',
    holderName: ' Ali Hassan ',
    ...card,
  },
});

describe('validateSale', () => {
  it('normalises a valid sale and keeps only first 6 / last 4 beside the card', () => {
    const result = validateSale(sale(), now, undefined);
    expect(result).toEqual({
      ok: true,
      value: {
        amountMinor: 12550,
        currency: 'SAR',
        merchantReferenceId: 'PD-1',
        card: {
          number: '5123450000000008',
          holderName: 'Ali Hassan',
          cvv: '123',
          expiryMonth: '01',
          expiryYear: '39',
        },
        brand: 'mastercard',
        first6: '512345',
        last4: '0008',
        phone: null,
        operation: 'Pay',
      },
    });
  });

  it.each<[Partial<SaleRequest>, Partial<SaleRequest['card']>, string]>([
    [{ amount: '0' }, {}, 'amount-zero'],
    [{ amount: '100001' }, {}, 'amount-over-cap'],
    [{ merchantReferenceId: '  ' }, {}, 'merchant-reference-required'],
    [{}, { number: '5123450000000009' }, 'card-number-luhn'],
    [{}, { expiry: '13/30' }, 'expiry-month'],
    [{}, { number: '371449635398431', cvv: '123' }, 'cvv-length'],
    [{}, { holderName: ' ' }, 'holder-name-required'],
    [{}, { holderName: '5123450000000008' }, 'holder-name-invalid'],
    [{ merchantReferenceId: 'INV 5123 4500 0000 0008' }, {}, 'merchant-reference-invalid'],
    [{ customerPhone: { countryCode: '', number: '501234567' } }, {}, 'phone-incomplete'],
    [{ customerPhone: { countryCode: '+966', number: '0401234567' } }, {}, 'phone-number'],
    [{}, { holderName: 'SARA\u202eDEMHA' }, 'text-bidi-control'],
    [{ merchantReferenceId: 'INV-\u20661\u2069' }, {}, 'text-bidi-control'],
    [{ amount: '10.005', currency: 'KWD' }, {}, 'amount-third-decimal'],
  ])('%j %j → %s', (patch, card, code) => {
    expect(validateSale(sale(patch, card), now, capMinorOf('100000', 'SAR'))).toEqual({
      ok: false,
      error: code,
    });
  });

  it.each(cardForms('5123450000000008'))(
    'refuses a card number with %s in the name and in the reference',
    (_name, text) => {
      expect(validateSale(sale({}, { holderName: `A ${text}` }), now, undefined)).toEqual({
        ok: false,
        error: 'holder-name-invalid',
      });
      expect(validateSale(sale({ merchantReferenceId: text }), now, undefined)).toEqual({
        ok: false,
        error: 'merchant-reference-invalid',
      });
    },
  );

  it('refuses, without a cap, an amount the JSON number would not carry exactly', () => {
    expect(validateSale(sale({ amount: '70368744177664.01' }), now, undefined)).toEqual({
      ok: false,
      error: 'amount-not-exact',
    });
  });

  it('reads the cap in the sale currency and ignores a cap that does not parse', () => {
    expect(capMinorOf('100000', 'KWD')).toBe(100_000_000);
    expect(capMinorOf('10.5', 'JPY')).toBeUndefined();
  });
});

describe('Authorize only', () => {
  it('makes the sale a PreAuthorize hold; without it, a one-step Pay', () => {
    const request = {
      amount: '10.00',
      currency: 'SAR' as const,
      merchantReferenceId: 'HOLD-1',
      card: { number: '5123450000000008', expiry: '01/39', cvv: '123', holderName: 'A B' },
      customerPhone: null,
    };
    const now = new Date(Date.UTC(2026, 0, 1));
    const held = validateSale({ ...request, authorizeOnly: true }, now, undefined);
    const paid = validateSale({ ...request, authorizeOnly: false }, now, undefined);
    expect(held.ok && held.value.operation).toBe('PreAuthorize');
    expect(paid.ok && paid.value.operation).toBe('Pay');
    expect(validateSale(request, now, undefined)).toMatchObject({ value: { operation: 'Pay' } });
  });
});
