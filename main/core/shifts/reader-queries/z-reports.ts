import { z } from 'zod';
import { zSummarySchema } from '../../../../shared/ipc-shifts';
import { readerQuery } from '../../platform/reader-query';

/** The counter's Z reports, newest first (the primary key's order: no sort). */
export const zReportsQuery = readerQuery({
  args: z.strictObject({ limit: z.number().int().positive().max(1_000) }),
  value: z.array(zSummarySchema),
  run: ({ prepare }, { limit }) =>
    prepare(
      `SELECT z_number AS zNumber, shift_id AS shiftId, closed_at AS closedAt,
         closed_by AS closedBy FROM z_reports ORDER BY z_number DESC LIMIT ?`,
    )
      .all(limit)
      .map((row) => zSummarySchema.parse(row)),
});
