import { z } from 'zod';
import { historyFiltersSchema, ipcContract } from '../../../../shared/ipc';
import { searchHistory } from '../history-search';
import { readerQuery } from '../../platform/reader-query';

/** One page of the History screen (or of a cashier's own history). */
export const searchQuery = readerQuery({
  args: z.strictObject({
    filters: historyFiltersSchema,
    cursor: z.string().nullable(),
    limit: z.number().int(),
  }),
  value: ipcContract.historySearch.response,
  run: ({ prepare }, { filters, cursor, limit }) => searchHistory(prepare, filters, cursor, limit),
});
