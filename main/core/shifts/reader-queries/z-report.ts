import { z } from 'zod';
import { shiftReportSchema } from '../../../../shared/ipc-shifts';
import { readerQuery } from '../../platform/reader-query';

/** A written Z report as it was closed (a reprint is this, marked a copy); null if none. */
export const zReportQuery = readerQuery({
  args: z.strictObject({ zNumber: z.number().int().positive() }),
  value: shiftReportSchema.nullable(),
  run: ({ prepare }, { zNumber }) => {
    const row = prepare('SELECT report_json AS json FROM z_reports WHERE z_number = ?').get(
      zNumber,
    );
    return row === undefined
      ? null
      : shiftReportSchema.parse(JSON.parse(z.string().parse(row.json)));
  },
});
