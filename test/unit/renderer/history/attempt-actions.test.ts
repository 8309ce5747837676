import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../../../shared/ipc';
import { refundableMinor } from '../../../../renderer/src/history/attempt-actions';
import { historyRow } from './history-row';

const row = (status: HistoryRow['status'], refundedMinor = 0): HistoryRow =>
  historyRow({ status, refundedMinor });

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
