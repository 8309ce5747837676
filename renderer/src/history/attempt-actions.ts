import type { HistoryRow } from '../../../shared/ipc';

/** Minor units still refundable: what was charged minus what went back already. */
export function refundableMinor(row: HistoryRow): number {
  if (row.status !== 'paid' && row.status !== 'partially-refunded') return 0;
  return Math.max(0, row.amountMinor - row.refundedMinor);
}
