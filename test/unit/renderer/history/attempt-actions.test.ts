import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../../shared/ipc';
import { canVoid, refundableMinor } from '../../../../renderer/src/history/attempt-actions';

const row = (status: HistoryRow['status'], refundedMinor = 0): HistoryRow => ({
  attemptId: 'a1',
  createdAt: 0,
  merchantReferenceId: 'PD-1',
  orderId: 'o1',
  amountMinor: 10000,
  currency: 'SAR',
  brand: 'visa',
  masked: '444000******0010',
  holderName: 'A',
  status,
  refundedMinor,
  operatorId: null,
});

describe('refund and void availability', () => {
  it.each([
    ['paid', 0, 10000, true],
    ['partially-refunded', 2500, 7500, false],
    ['refunded', 10000, 0, false],
    ['voided', 0, 0, false],
    ['declined', 0, 0, false],
    ['in-doubt', 0, 0, false],
  ] as const)('%s with %i refunded: %i refundable, void %s', (status, refunded, left, voidable) => {
    expect(refundableMinor(row(status, refunded))).toBe(left);
    expect(canVoid(row(status, refunded))).toBe(voidable);
  });
});
