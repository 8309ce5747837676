import { z } from 'zod';
import { shiftReportSchema } from '../../../../shared/ipc-shifts';
import { readCut, readOpenShift, readShiftFigures } from '../report-queries';
import { readerQuery } from '../../platform/reader-query';

const int = z.number().int().nonnegative();

/**
 * The open shift's figures up to the latest ledger entry: an X report, or the
 * figures a Z freezes if nothing moved before its close (shift-store.ts). The shift, the
 * cut and every figure are read in one read transaction, so they agree with each other
 * whatever the writer commits meanwhile.
 */
export const shiftReportQuery = readerQuery({
  args: z.strictObject({}),
  value: z.object({
    shift: z.object({ shiftId: int, openedAt: int, afterEntry: int }),
    cut: z.object({ throughEntry: int, linksThrough: int }),
    figures: shiftReportSchema.pick({
      currencies: true,
      byBrand: true,
      byOperator: true,
      lateEntries: true,
      inDoubt: true,
      holdsOpen: true,
      selfApprovedRefunds: true,
    }),
  }),
  run: ({ prepare }) => {
    prepare('BEGIN').run();
    try {
      // The shift service opens the first shift before any report is asked for, and a close
      // opens the next in its own transaction: there is always one.
      const shift = readOpenShift(prepare);
      if (shift === null) throw new Error('no open shift');
      const cut = readCut(prepare);
      const figures = readShiftFigures(prepare, { ...shift, throughEntry: cut.throughEntry });
      return { shift, cut, figures };
    } finally {
      prepare('COMMIT').run();
    }
  },
});
