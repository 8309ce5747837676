import type { HistoryRow } from '../../../shared/ipc';

/** Minor units still refundable: what was charged minus what went back already. */
export function refundableMinor(row: HistoryRow): number {
  if (row.status !== 'paid' && row.status !== 'partially-refunded') return 0;
  return Math.max(0, row.amountMinor - row.refundedMinor);
}

/**
 * Void cancels a whole paid order before settlement; after any refund only refunds remain.
 * The gateway has the last word (it may refuse a void once the batch has settled).
 */
export function canVoid(row: HistoryRow): boolean {
  return row.status === 'paid' && row.refundedMinor === 0;
}
