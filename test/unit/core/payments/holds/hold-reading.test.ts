import { describe, expect, it } from 'vitest';
import type { GatewayOrder } from '../../../../../main/core/gateway/order-schema';
import {
  holdEndingFromOrder,
  readHold,
  type HeldOrder,
} from '../../../../../main/core/payments/holds/hold-reading';

const held: HeldOrder = { orderId: 'order-1', amountMinor: 5000, currency: 'SAR' };

const success = (type: string) => ({
  type,
  status: 'Success',
  amount: 50,
  currency: 'SAR',
  authorizationCode: null,
  rrn: null,
  codes: null,
  createdDate: null,
});

const order = (
  detailedStatus: string,
  types: string[],
  patch: Partial<GatewayOrder> = {},
): GatewayOrder => ({
  orderId: 'order-1',
  amount: 50,
  currency: 'SAR',
  status: 'Success',
  detailedStatus,
  merchantReferenceId: null,
  threeDSecureId: null,
  totalCapturedAmount: types.includes('Capture') || types.includes('Pay') ? 50 : 0,
  totalRefundedAmount: 0,
  transactions: types.map(success),
  ...patch,
});

describe('reading a held order', () => {
  it.each([
    ['Authorized', ['Authorization'], {}, 'held'],
    ['Captured', ['Authorization', 'Capture'], {}, 'captured'],
    ['Voided', ['Authorization', 'Void'], {}, 'voided'],
    ['Reversed', ['Authorization', 'Reversal'], {}, 'lapsed'],
    // Anything that does not match the hold, or is still moving, is never guessed.
    ['Authorized', ['Authorization'], { amount: 40 }, 'unknown'],
    ['Authorized', ['Authorization'], { currency: 'EGP' }, 'unknown'],
    ['Authorized', ['Authorization'], { orderId: 'other' }, 'unknown'],
    ['Captured', ['Authorization', 'Capture'], { totalCapturedAmount: 30 }, 'unknown'],
    ['Paid', ['Pay'], {}, 'captured'],
    ['Initiated', [], {}, 'unknown'],
    ['CaptureFailed', ['Authorization'], {}, 'held'],
    ['SomethingNew', ['Authorization'], {}, 'unknown'],
  ] as const)('%s %j %j reads %s', (status, types, patch, standing) => {
    expect(readHold(order(status, [...types], patch), held)).toBe(standing);
  });
});

describe('what an order proves about a capture or release in doubt', () => {
  const authorized = order('Authorized', ['Authorization']);
  const reversed = order('Reversed', ['Authorization', 'Reversal']);
  it('still held proves nothing before the deadline, and that it never happened after it', () => {
    expect(holdEndingFromOrder('capture', authorized, held, false)).toBeNull();
    expect(holdEndingFromOrder('capture', authorized, held, true)).toBe('held');
  });
  it('a reversal after our release is the release; without one, the hold lapsed', () => {
    expect(holdEndingFromOrder('release', reversed, held, false)).toBe('released');
    expect(holdEndingFromOrder('capture', reversed, held, false)).toBe('hold-expired');
    expect(holdEndingFromOrder(null, reversed, held, false)).toBe('hold-expired');
  });
  it('captured and voided are final whatever was sent; unclear stays unknown', () => {
    const captured = order('Captured', ['Authorization', 'Capture']);
    expect(holdEndingFromOrder('release', captured, held, true)).toBe('captured');
    expect(
      holdEndingFromOrder('capture', order('Voided', ['Authorization', 'Void']), held, false),
    ).toBe('released');
    expect(holdEndingFromOrder('capture', order('Initiated', []), held, true)).toBeNull();
  });
});
