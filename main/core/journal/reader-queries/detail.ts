import { z } from 'zod';
import { attemptDetailSchema } from '../../../../shared/ipc';
import { readDetail } from '../attempt-reads';
import { readerQuery } from '../../platform/reader-query';

/** An attempt's page: its history row, its result and its audit trail; null if unknown. */
export const detailQuery = readerQuery({
  args: z.strictObject({ attemptId: z.string() }),
  value: attemptDetailSchema.nullable(),
  run: ({ prepare }, { attemptId }) => readDetail(prepare, attemptId),
});
