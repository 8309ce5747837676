import { describe, expect, it } from 'vitest';
import { gatewayOrderSchema, type GatewayOrder } from '../../../../main/core/gateway/order-schema';
import {
  detailedStatusVerdicts,
  readOrderState,
  readPay,
  readRefundable,
  readVoided,
  transactionRoles,
} from '../../../../main/core/payments/order-state';

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

const captured = { totalCapturedAmount: 12.5 };
const auth = tx('Authentication', 'Success');

/** Every detailedStatus of GATEWAY-MORE.md §6, with the order as the gateway shows it then. */
const rows: [string, unknown[], Record<string, unknown>, string][] = [
  ['Initiated', [], {}, 'not-paid'],
  ['Authenticated', [auth], {}, 'not-paid'],
  ['AuthenticationFailed', [tx('Authentication', 'Failed')], {}, 'not-paid'],
  ['Authorized', [auth, tx('Authorization', 'Success')], {}, 'held'],
  ['AuthorizationFailed', [auth, tx('Authorization', 'Failed')], {}, 'not-paid'],
  ['Captured', [tx('Authorization', 'Success'), tx('Capture', 'Success')], captured, 'paid'],
  ['CaptureFailed', [tx('Authorization', 'Success'), tx('Capture', 'Failed')], {}, 'held'],
  ['Paid', [auth, tx('Pay', 'Success')], captured, 'paid'],
  ['PayFailed', [auth, tx('Pay', 'Failed')], {}, 'not-paid'],
  [
    'Refunded',
    [tx('Pay', 'Success'), tx('Refund', 'Success')],
    { ...captured, totalRefundedAmount: 12.5 },
    'paid',
  ],
  ['Cancelled', [auth], {}, 'not-paid'],
  ['ClientTimedOut', [auth, tx('Pay', 'Failed')], {}, 'pending'],
  ['ServerTimedOut', [auth, tx('Pay', 'Failed')], {}, 'pending'],
  ['Blocked', [auth], {}, 'not-paid'],
  ['Voided', [tx('Authorization', 'Success'), tx('Void', 'Success')], {}, 'reversed'],
  ['PartiallyCompleted', [tx('Pay', 'Success')], captured, 'pending'],
  [
    'PartiallyRefunded',
    [tx('Pay', 'Success'), tx('Refund', 'Success')],
    { ...captured, totalRefundedAmount: 2 },
    'paid',
  ],
  ['RefundIncomplete', [tx('Pay', 'Success'), tx('Refund', 'Failed')], captured, 'pending'],
  ['Reversed', [tx('Pay', 'Success'), tx('Reversal', 'Success')], {}, 'reversed'],
];

describe('the order-reading table', () => {
  it('covers all 19 detailedStatus values of GATEWAY-MORE.md §6, and every row is tested', () => {
    expect(Object.keys(detailedStatusVerdicts)).toHaveLength(19);
    expect(rows.map(([status]) => status).sort()).toEqual(
      Object.keys(detailedStatusVerdicts).sort(),
    );
    expect(Object.keys(transactionRoles).sort()).toEqual(
      [
        'Authentication',
        'Authorization',
        'Capture',
        'Pay',
        'Refund',
        'Reversal',
        'Void',
        'Installment',
      ].sort(),
    );
  });

  it.each(rows)('%s with %j reads %s', (status, transactions, extra, verdict) => {
    expect(readOrderState(order(status, transactions, extra)).verdict).toBe(verdict);
  });

  it.each([
    ['Void', tx('Authorization', 'Success'), 'Void'],
    ['Reversal', tx('Authorization', 'Success'), 'Reversal'],
    ['Void', tx('Pay', 'Success'), 'Void'],
  ])(
    'Cancelled, its %s given back by a successful %s, nothing captured: reversed (not charged)',
    (_, charge, giveBack) => {
      const cancelled = order('Cancelled', [auth, charge, tx(giveBack, 'Success')]);
      expect(readOrderState(cancelled).verdict).toBe('reversed');
      expect(readPay(cancelled, { amountMinor: 1250, currency: 'SAR' })).toEqual({
        kind: 'reversed',
      });
    },
  );

  it.each([
    ['an unknown status', order('SomethingNew', [tx('Pay', 'Success')], captured)],
    [
      'Cancelled, given back, yet money still captured',
      order('Cancelled', [tx('Authorization', 'Success'), tx('Void', 'Success')], captured),
    ],
    [
      'Cancelled with a hold and a failed void',
      order('Cancelled', [tx('Authorization', 'Success'), tx('Void', 'Failed')]),
    ],
    [
      'Cancelled with a hold given back only by a refund',
      order('Cancelled', [tx('Authorization', 'Success'), tx('Refund', 'Success')]),
    ],
    ['a transaction type it does not know', order('Paid', [tx('Chargeback', 'Success')], captured)],
    ['a charge still in progress', order('Authenticated', [tx('Pay', 'InProgress')])],
    [
      'a refund still in progress',
      order('Paid', [tx('Pay', 'Success'), tx('Refund', 'InProgress')], captured),
    ],
    ['Paid with nothing captured', order('Paid', [tx('Pay', 'Success')])],
    ['not paid with money captured', order('Authenticated', [], captured)],
    ['not paid with a successful Pay', order('Cancelled', [tx('Pay', 'Success')])],
    ['Reversed without a reversal', order('Reversed', [tx('Pay', 'Success')])],
    [
      'an amount it cannot read in minor units',
      order('Paid', [tx('Pay', 'Success')], { totalCapturedAmount: 12.555 }),
    ],
    [
      'a currency it does not know',
      order('Paid', [tx('Pay', 'Success')], { ...captured, currency: 'XXX' }),
    ],
  ])('reads %s as pending, never as settled', (_what, read) => {
    expect(readOrderState(read).verdict).toBe('pending');
  });
});

describe('reading an order for our Pay', () => {
  const expected = { amountMinor: 1250, currency: 'SAR' };

  it('paid only with the captured total equal to the amount, in the currency', () => {
    expect(readPay(order('Paid', [tx('Pay', 'Success')], captured), expected)).toEqual({
      kind: 'paid',
    });
    expect(
      readPay(order('Paid', [tx('Pay', 'Success')], { totalCapturedAmount: 12 }), expected).kind,
    ).toBe('unsettled');
    expect(
      readPay(order('Paid', [tx('Pay', 'Success')], { ...captured, currency: 'EGP' }), expected)
        .kind,
    ).toBe('unsettled');
  });

  it('a 000 answer is paid only with detailedStatus Paid', () => {
    const capturedOrder = order(
      'Captured',
      [tx('Authorization', 'Success'), tx('Capture', 'Success')],
      captured,
    );
    expect(readPay(capturedOrder, expected).kind).toBe('paid');
    expect(readPay(capturedOrder, expected, { strictPaid: true }).kind).toBe('unsettled');
  });

  it('no Pay on the order is "no charge yet"; a failed one is a decline with its codes', () => {
    expect(readPay(order('Authenticated', [auth]), expected)).toEqual({ kind: 'no-charge-yet' });
    const codes = {
      responseCode: '400',
      detailedResponseCode: '400.002',
      responseMessage: 'Declined',
    };
    expect(readPay(order('PayFailed', [tx('Pay', 'Failed', { codes })]), expected)).toMatchObject({
      kind: 'declined',
      codes: { responseCode: '400', detailedResponseCode: '400.002' },
    });
  });

  it('held (we never ask for a hold) and pending stay unsettled; reversed is its own answer', () => {
    expect(readPay(order('Authorized', [tx('Authorization', 'Success')]), expected).kind).toBe(
      'unsettled',
    );
    expect(readPay(order('ClientTimedOut', [tx('Pay', 'Failed')]), expected).kind).toBe(
      'unsettled',
    );
    expect(
      readPay(order('Reversed', [tx('Pay', 'Success'), tx('Reversal', 'Success')]), expected).kind,
    ).toBe('reversed');
  });
});

describe('reading an order for a refund', () => {
  it('gives the captured and refunded totals of a paid order only', () => {
    const partly = order('PartiallyRefunded', [tx('Pay', 'Success'), tx('Refund', 'Success')], {
      ...captured,
      totalRefundedAmount: 2.5,
    });
    expect(readRefundable(partly, 'SAR')).toEqual({ capturedMinor: 1250, refundedMinor: 250 });
    expect(readRefundable(partly, 'EGP')).toBeNull();
    expect(
      readRefundable(order('RefundIncomplete', [tx('Pay', 'Success')], captured), 'SAR'),
    ).toBeNull();
    expect(readRefundable(order('Authenticated', [auth]), 'SAR')).toBeNull();
  });
});

describe('reading an older void', () => {
  it('voided when the gateway gave the money back or cancelled the order, not when paid', () => {
    expect(
      readVoided(order('Voided', [tx('Authorization', 'Success'), tx('Void', 'Success')])),
    ).toBe(true);
    expect(readVoided(order('Cancelled', [auth]))).toBe(true);
    expect(readVoided(order('Paid', [tx('Pay', 'Success')], captured))).toBe(false);
  });
});
