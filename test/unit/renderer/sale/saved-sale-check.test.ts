import { describe, expect, it } from 'vitest';
import type { SavedCardView } from '../../../../shared/ipc-customers';
import { saveCardOff, saveCardPart } from '../../../../renderer/src/sale/save-card-choice';
import {
  checkSavedSale,
  type SavedSaleValues,
} from '../../../../renderer/src/sale/saved-sale-check';

const card: SavedCardView = {
  cardId: 'card-1',
  brand: 'amex',
  last4: '0005',
  maskedCard: '378282******0005',
  expiryMonth: 1,
  expiryYear: 2039,
  state: 'usable',
  agreement: null,
  savedAt: 0,
  savedBy: null,
};

const values: SavedSaleValues = {
  amount: ' 80.00 ',
  currency: 'SAR',
  merchantReferenceId: ' PD-REF-1 ',
  cvv: '',
  authorizeOnly: false,
};

describe('a sale with a saved card', () => {
  it('needs no card number; without a CVV asked it sends none', () => {
    const check = checkSavedSale(values, { customerId: 'cus-1', card, cvvAsked: false });
    expect(check.errors).toEqual({});
    expect(check.amountMinor).toBe(8000);
    expect(check.request).toEqual({
      amount: '80.00',
      currency: 'SAR',
      merchantReferenceId: 'PD-REF-1',
      customerId: 'cus-1',
      cardId: 'card-1',
      cvv: null,
    });
  });

  it('checks the CVV by the saved card’s brand when the gateway asks for it', () => {
    const sale = { customerId: 'cus-1', card, cvvAsked: true };
    expect(checkSavedSale(values, sale).errors).toEqual({ cvv: 'cvv-required' });
    expect(checkSavedSale({ ...values, cvv: '123' }, sale).errors).toEqual({ cvv: 'cvv-length' });
    const ok = checkSavedSale({ ...values, cvv: '1234', authorizeOnly: true }, sale);
    expect(ok.request).toMatchObject({ cvv: '1234', authorizeOnly: true });
  });

  it('refuses the amount and reference as any sale does', () => {
    const check = checkSavedSale(
      { ...values, amount: '0', merchantReferenceId: ' ' },
      { customerId: 'cus-1', card, cvvAsked: false },
      1000,
    );
    expect(check.errors).toEqual({
      amount: 'amount-zero',
      merchantReferenceId: 'merchant-reference-required',
    });
    expect(check.request).toBeNull();
  });
});

describe('saving the keyed card', () => {
  it('sends nothing about saving while the switch is off', () => {
    expect(saveCardPart(saveCardOff('en'), 'cus-1')).toEqual({ ok: true, saveCard: undefined });
  });

  it('waits for a customer and for the agent’s “The customer agreed”', () => {
    const on = { ...saveCardOff('ar'), on: true };
    expect(saveCardPart(on, null)).toEqual({ ok: false, problem: 'no-customer' });
    expect(saveCardPart(on, 'cus-1')).toEqual({ ok: false, problem: 'not-agreed' });
    expect(saveCardPart({ ...on, agreed: true, agreementType: 'Recurring' }, 'cus-1')).toEqual({
      ok: true,
      saveCard: {
        customerId: 'cus-1',
        agreementType: 'Recurring',
        consentLanguage: 'ar',
        consentConfirmed: true,
      },
    });
  });
});
