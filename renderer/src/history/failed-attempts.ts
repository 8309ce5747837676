import type { HistoryRow } from '../../../shared/ipc';
import { retryableOutcomes } from '../stores/sale-store';

// Attempts that charged nothing (the outcomes a sale may be tried again after): the list shows
// them, but they are attempts, not payments, so the count under the filters names them apart.
const failed: ReadonlySet<string> = retryableOutcomes;

export const failedCount = (rows: readonly HistoryRow[]): number =>
  rows.reduce((count, row) => count + (failed.has(row.status) ? 1 : 0), 0);
