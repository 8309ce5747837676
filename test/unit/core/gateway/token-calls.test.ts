import { describe, expect, it } from 'vitest';
import { gatewayOrderSchema } from '../../../../main/core/gateway/order-schema';
import { merchantConfigSchema, savedTokenOf } from '../../../../main/core/gateway/token-calls';

const order = (extra: Record<string, unknown>) =>
  gatewayOrderSchema.parse({
    orderId: 'o-1',
    amount: 10,
    currency: 'SAR',
    status: 'Success',
    detailedStatus: 'Paid',
    ...extra,
  });

describe('the token a paid order saved', () => {
  it('reads the token with the gateway’s mask, brand and a four-digit expiry', () => {
    const saved = order({
      cardOnFile: true,
      tokenId: 't-1',
      paymentMethod: {
        maskedCardNumber: '512345******0008',
        brand: 'mastercard',
        expiryDate: { month: 1, year: 39 },
        cardholderName: 'Noura',
      },
    });
    expect(savedTokenOf(saved)).toEqual({
      tokenId: 't-1',
      maskedCard: '512345******0008',
      brand: 'mastercard',
      expiryMonth: 1,
      expiryYear: 2039,
    });
  });

  it.each([
    ['no token', { tokenId: null, paymentMethod: { maskedCardNumber: '512345******0008' } }],
    ['no mask', { tokenId: 't-1', paymentMethod: { expiryDate: { month: 1, year: 39 } } }],
    [
      'an impossible month',
      {
        tokenId: 't-1',
        paymentMethod: {
          maskedCardNumber: '512345******0008',
          expiryDate: { month: 13, year: 39 },
        },
      },
    ],
    ['an unreadable payment method', { tokenId: 't-1', paymentMethod: 'card' }],
  ])('nothing saved with %s', (_name, extra) => {
    expect(savedTokenOf(order(extra))).toBeNull();
  });
});

describe('the merchant configuration', () => {
  it('reads flags sent as text and a missing list of initiators', () => {
    expect(
      merchantConfigSchema.parse({
        isTokenizationEnabled: 'true',
        isCvvRequiredForTokenPayments: false,
        is3dsRequiredForTokenPayments: null,
      }),
    ).toEqual({
      isTokenizationEnabled: true,
      isCvvRequiredForTokenPayments: false,
      is3dsRequiredForTokenPayments: false,
      allowedInitiatedByValues: [],
    });
  });
});
