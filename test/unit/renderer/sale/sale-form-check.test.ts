import { describe, expect, it } from 'vitest';
import { checkSaleForm, type SaleFormValues } from '../../../../renderer/src/sale/sale-form-check';
import { cardForms } from '../../../support/card-forms';

const now = new Date(2026, 10, 22);

const valid: SaleFormValues = {
  amount: '125.50',
  currency: 'SAR',
  merchantReferenceId: ' PD-20261122-ABCDEF ',
  phoneCountryCode: '',
  phoneNumber: '',
  cardNumber: '5123 4500 0000 0008',
  expiry: '01/39',
  cvv: '123',
  holderName: ' Layla Hassan ',
};

describe('checkSaleForm', () => {
  it('builds the request from a valid form: bare digits, MM/YY, trimmed texts', () => {
    const check = checkSaleForm(valid, now);
    expect(check.errors).toEqual({});
    expect(check.brand).toBe('mastercard');
    expect(check.amountMinor).toBe(12550);
    expect(check.request).toEqual({
      amount: '125.50',
      currency: 'SAR',
      merchantReferenceId: 'PD-20261122-ABCDEF',
      card: { number: '5123450000000008', expiry: '01/39', cvv: '123', holderName: 'Layla Hassan' },
      customerPhone: null,
    });
  });

  it('reports every field with the shared rules’ codes and sends nothing', () => {
    const check = checkSaleForm(
      {
        ...valid,
        amount: '10.005',
        cardNumber: '5123 4500 0000 0009',
        expiry: '13/30',
        cvv: '12',
        holderName: ' ',
        merchantReferenceId: '',
      },
      now,
    );
    expect(check.request).toBeNull();
    expect(check.errors).toEqual({
      amount: 'amount-decimals',
      cardNumber: 'card-number-luhn',
      expiry: 'expiry-month',
      cvv: 'cvv-length',
      holderName: 'holder-name-required',
      merchantReferenceId: 'merchant-reference-required',
    });
  });

  it('refuses card numbers in any form and bidi controls in the name and reference, as main does', () => {
    for (const [name, text] of cardForms('4440000009900010')) {
      const check = checkSaleForm({ ...valid, holderName: text, merchantReferenceId: text }, now);
      expect(check.errors, name).toEqual({
        holderName: 'holder-name-invalid',
        merchantReferenceId: 'merchant-reference-invalid',
      });
      expect(check.request).toBeNull();
    }
    const bidi = checkSaleForm({ ...valid, merchantReferenceId: 'INV\u202e1' }, now);
    expect(bidi.errors).toEqual({ merchantReferenceId: 'text-bidi-control' });
    expect(bidi.request).toBeNull();
  });

  it('refuses amounts JSON cannot carry exactly and a third decimal the signature drops', () => {
    expect(checkSaleForm({ ...valid, amount: '70368744177664.01' }, now).errors).toEqual({
      amount: 'amount-not-exact',
    });
    expect(checkSaleForm({ ...valid, amount: '10.005', currency: 'KWD' }, now).errors).toEqual({
      amount: 'amount-third-decimal',
    });
  });

  it('shows the brand while the number is still incomplete', () => {
    const check = checkSaleForm({ ...valid, cardNumber: '3714 49' }, now);
    expect(check.brand).toBe('amex');
    expect(check.errors.cardNumber).toBe('card-number-length');
  });

  it('applies the amount cap in the sale currency', () => {
    expect(checkSaleForm({ ...valid, amount: '1000.01' }, now, 100000).errors.amount).toBe(
      'amount-over-cap',
    );
    expect(checkSaleForm({ ...valid, amount: '1000.00' }, now, 100000).errors).toEqual({});
  });

  it('puts a phone error on the half that is wrong', () => {
    expect(checkSaleForm({ ...valid, phoneNumber: '501234567' }, now).errors).toEqual({
      phoneCountryCode: 'phone-incomplete',
    });
    // The country code alone (the store's, filled in) is no phone: the sale has none.
    expect(checkSaleForm({ ...valid, phoneCountryCode: '+966' }, now).request?.customerPhone).toBe(
      null,
    );
    expect(
      checkSaleForm({ ...valid, phoneCountryCode: '+9661', phoneNumber: '501234567' }, now).errors,
    ).toEqual({ phoneCountryCode: 'phone-country-code' });
    expect(
      checkSaleForm({ ...valid, phoneCountryCode: '+966', phoneNumber: '0401234567' }, now).errors,
    ).toEqual({ phoneNumber: 'phone-number' });
    const both = checkSaleForm(
      { ...valid, phoneCountryCode: '+966', phoneNumber: '050 123 4567' },
      now,
    );
    expect(both.request?.customerPhone).toEqual({ countryCode: '+966', number: '501234567' });
  });
});
