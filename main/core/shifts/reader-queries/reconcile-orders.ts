import { z } from 'zod';
import { differenceSchema } from '../../../../shared/ipc-shifts';
import { searchedOrderSchema } from '../../gateway/order-search';
import { differencesFor } from '../reconcile-match';
import { readerQuery } from '../../platform/reader-query';

const epochMs = z.number().int().nonnegative();

/**
 * Reconciliation's journal side: the gateway's orders of the shift's window,
 * paged by the main process, compared with the journal here, one lookup per order.
 */
export const reconcileOrdersQuery = readerQuery({
  args: z.strictObject({
    orders: z.array(searchedOrderSchema),
    window: z.strictObject({ from: epochMs, until: epochMs }),
  }),
  value: z.array(differenceSchema),
  run: ({ prepare }, { orders, window }) => {
    prepare('BEGIN').run();
    try {
      return differencesFor(prepare, orders, window);
    } finally {
      prepare('COMMIT').run();
    }
  },
});
