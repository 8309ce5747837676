import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../../shared/ipc';
import { refundableMinor } from '../../../../renderer/src/history/attempt-actions';

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

describe('refund availability', () => {
  it.each([
    ['paid', 0, 10000],
    ['partially-refunded', 2500, 7500],
    ['refunded', 10000, 0],
    ['voided', 0, 0],
    ['declined', 0, 0],
    ['in-doubt', 0, 0],
  ] as const)('%s with %i refunded: %i refundable', (status, refunded, left) => {
    expect(refundableMinor(row(status, refunded))).toBe(left);
  });
});
