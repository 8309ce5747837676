import { describe, expect, it } from 'vitest';
import type { Currency } from '../../../../shared/money/currencies';
import { advanceAfter, type FormSnapshot } from '../../../../renderer/src/sale/auto-advance';
import { checkSaleForm, type SaleFormValues } from '../../../../renderer/src/sale/sale-form-check';

const now = new Date(2026, 10, 22);
const blank: SaleFormValues = {
  amount: '',
  currency: 'SAR',
  merchantReferenceId: 'PD-20261122-A23456',
  phoneCountryCode: '',
  phoneNumber: '',
  cardNumber: '',
  expiry: '',
  cvv: '',
  holderName: '',
};
const snapshot = (changes: Partial<SaleFormValues>, capMinor?: number): FormSnapshot => {
  const values = { ...blank, ...changes };
  return { values, check: checkSaleForm(values, now, capMinor) };
};
const step = (field: keyof SaleFormValues, from: string, to: string, extra = {}) =>
  advanceAfter(field, snapshot({ ...extra, [field]: from }), snapshot({ ...extra, [field]: to }));

describe('advanceAfter', () => {
  it('moves from the amount to the card number once the currency’s decimals are typed', () => {
    expect(step('amount', '1250.5', '1250.50')).toBe('cardNumber');
    expect(step('amount', '1250.', '1250.5')).toBeNull();
    expect(step('amount', '1250.50', '1250.500')).toBeNull();
    const kwd = { currency: 'KWD' as Currency };
    expect(step('amount', '3.25', '3.250', kwd)).toBe('cardNumber');
    expect(step('amount', '3.2', '3.25', kwd)).toBeNull();
  });

  it('never moves on for a currency without decimals, or an amount over the cap', () => {
    expect(step('amount', '1', '12', { currency: 'JPY' })).toBeNull();
    expect(
      advanceAfter(
        'amount',
        snapshot({ amount: '40.0' }, 5_000),
        snapshot({ amount: '40.00' }, 5_000),
      ),
    ).toBe('cardNumber');
    expect(
      advanceAfter(
        'amount',
        snapshot({ amount: '99.9' }, 5_000),
        snapshot({ amount: '99.90' }, 5_000),
      ),
    ).toBeNull();
  });

  it('moves on from a card number only when it is whole and valid', () => {
    expect(step('cardNumber', '5888 4500 0000 000', '5888 4500 0000 0003')).toBe('expiry');
    expect(step('cardNumber', '5888 4500 0000 000', '5888 4500 0000 0004')).toBeNull();
    expect(step('cardNumber', '3714 496353 9843', '3714 496353 98431')).toBe('expiry');
  });

  it('moves on from MM/YY and from a CVV of the brand’s one length', () => {
    expect(step('expiry', '01/3', '01/39')).toBe('cvv');
    expect(step('expiry', '13/3', '13/39')).toBeNull();
    const mada = { cardNumber: '5888 4500 0000 0003' };
    expect(step('cvv', '12', '123', mada)).toBe('holderName');
    // A number of no known brand may have a 3- or 4-digit CVV: the cursor waits.
    expect(step('cvv', '12', '123')).toBeNull();
  });

  it('stays when an already complete field is edited, and never leaves the name', () => {
    expect(step('amount', '1250.50', '1250.40')).toBeNull();
    expect(step('holderName', 'Layla Hassa', 'Layla Hassan')).toBeNull();
  });
});
