import type { HistoryRow } from '../../../../shared/ipc';

/** One History row of a SAR 100.00 Visa sale; tests change what they look at. */
export const historyRow = (patch: Partial<HistoryRow> = {}): HistoryRow => ({
  attemptId: 'a1',
  createdAt: 0,
  merchantReferenceId: 'PD-1',
  orderId: 'o1',
  amountMinor: 10000,
  currency: 'SAR',
  brand: 'visa',
  masked: '444000******0010',
  holderName: 'A',
  status: 'paid',
  refundedMinor: 0,
  operatorId: null,
  heldAt: null,
  ...patch,
});
