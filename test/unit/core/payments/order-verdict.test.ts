import { describe, expect, it } from 'vitest';
import { gatewayOrderSchema, type GatewayOrder } from '../../../../main/core/gateway/order-schema';
import { payVerdict } from '../../../../main/core/payments/order-verdict';
import { toOrderView } from '../../../../main/core/payments/order-view';

const tx = (type: string, status: string, extra: Record<string, unknown> = {}) => ({
  type,
  status,
  amount: 12.5,
  currency: 'SAR',
  authorizationCode: null,
  rrn: null,
  codes: null,
  ...extra,
});

const order = (
  detailedStatus: string,
  transactions: unknown[],
  extra: Record<string, unknown> = {},
): GatewayOrder =>
  gatewayOrderSchema.parse({
    orderId: 'o-1',
    amount: 12.5,
    currency: 'SAR',
    status: 'Success',
    detailedStatus,
    transactions,
    ...extra,
  });

describe('payVerdict', () => {
  it.each([
    ['Paid', [tx('Authentication', 'Success'), tx('Pay', 'Success')], 'paid'],
    ['Captured', [], 'paid'],
    ['Refunded', [], 'paid'],
    ['Authenticated', [tx('Authentication', 'Success')], 'unpaid'],
    ['Initiated', [], 'unpaid'],
    ['Authenticated', [tx('Pay', 'InProgress')], 'pending'],
    ['PayFailed', [tx('Pay', 'Failed')], 'declined'],
    ['Blocked', [], 'declined'],
  ])('%s with %j is %s', (status, transactions, kind) => {
    expect(payVerdict(order(status, transactions)).kind).toBe(kind);
  });

  it('counts a captured total as paid even if the status lags', () => {
    expect(payVerdict(order('Authenticated', [], { totalCapturedAmount: 12.5 })).kind).toBe('paid');
  });

  it('carries the failed transaction codes of a decline', () => {
    const codes = {
      responseCode: '400',
      detailedResponseCode: '400.002',
      responseMessage: 'Declined',
    };
    expect(payVerdict(order('PayFailed', [tx('Pay', 'Failed', { codes })]))).toMatchObject({
      kind: 'declined',
      codes: { responseCode: '400', detailedResponseCode: '400.002' },
    });
  });
});

describe('toOrderView', () => {
  it('converts amounts exactly and takes the receipt codes from the successful charge', () => {
    const view = toOrderView(
      order(
        'Paid',
        [
          tx('Authentication', 'Success', { authorizationCode: 'AUTHN' }),
          tx('Pay', 'Success', { amount: 1.005, authorizationCode: 'A1B2C3', rrn: '123456789012' }),
        ],
        { amount: 1.005, totalCapturedAmount: 1.005, totalRefundedAmount: 0 },
      ),
      'KWD',
    );
    expect(view).toMatchObject({
      authorizationCode: 'A1B2C3',
      rrn: '123456789012',
      capturedMinor: 1005,
      refundedMinor: 0,
    });
    expect(view.transactions.map((t) => t.amountMinor)).toEqual([12500, 1005]);
  });
});
