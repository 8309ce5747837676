import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { shiftReportSchema, type ShiftReport } from '../../../shared/ipc-shifts';
import { statementCache } from '../platform/statement-cache';
import { inTransaction } from '../platform/transaction';
import type { ShiftFailureCode } from '../../../shared/failures/shift-failures';
import {
  inDoubtAttempts,
  readCut,
  readOpenShift,
  readShiftFigures,
  type OpenShift,
  type ShiftCut,
} from './report-queries';

/** Why a shift cannot close; the IPC layer turns the code into the operator's sentence. */
export class ShiftError extends Error {
  constructor(
    readonly code: Exclude<ShiftFailureCode, 'no-such-z-report' | 'report-output-failed'>,
    message: string,
  ) {
    super(message);
    this.name = 'ShiftError';
  }
}

/** What closing needs besides the shift: the report as read at `cut`. */
export interface CloseRequest {
  shiftId: number;
  /** The X-style report of the shift, read up to `cut`; it becomes the Z's content. */
  report: ShiftReport;
  cut: ShiftCut;
  /**
   * Read the figures again here, inside the close, when the journal moved past `cut`
   * (the last attempt of a busy counter); otherwise such a close answers 'moved'.
   */
  readHereIfMoved: boolean;
  closedBy: string | null;
  auditHead: string | null;
  now: number;
}

const sameCut = (a: ShiftCut, b: ShiftCut) =>
  a.throughEntry === b.throughEntry && a.linksThrough === b.linksThrough;

/**
 * Shifts and Z reports in the journal file (migration 8), over the journal's writable
 * connection. Closing is one transaction: the Z's number (previous + 1), the frozen report,
 * the shift's close and the next shift's opening commit together or not at all, so a crash
 * can neither skip a number nor leave a closed shift without its Z.
 */
export function createShiftStore(db: DatabaseSync) {
  const prepare = statementCache(db);

  /** The attempt's line if its money is in doubt now; else refused as not in doubt. */
  const inDoubtLine = (shiftId: number, attemptId: string) => {
    const line = inDoubtAttempts(prepare, shiftId).find((one) => one.attemptId === attemptId);
    if (!line) throw new ShiftError('not-in-doubt', 'This attempt is not in doubt.');
    return line;
  };

  return {
    /** The open shift, opening the counter's first one (after every entry so far) if none. */
    current(now: number): OpenShift {
      const open = readOpenShift(prepare);
      if (open) return open;
      return inTransaction(db, () => {
        // The first shift starts at the beginning of the ledger: nothing taken before the
        // upgrade is left out of every report.
        if (!readOpenShift(prepare))
          prepare('INSERT INTO shifts (opened_at, opened_after_entry) VALUES (?, 0)').run(now);
        const opened = readOpenShift(prepare);
        if (!opened) throw new Error('the first shift did not open');
        return opened;
      });
    },

    inDoubtLine,

    /** A supervisor lets this attempt stay in doubt through the shift's Z (append-only). */
    acknowledge(shiftId: number, attemptId: string, by: string | null, now: number): void {
      inDoubtLine(shiftId, attemptId);
      prepare(
        `INSERT OR IGNORE INTO shift_acknowledgements (shift_id, attempt_id, acknowledged_by, at)
         VALUES (?, ?, ?, ?)`,
      ).run(shiftId, attemptId, by, now);
    },

    /**
     * Closes the shift with its Z report and opens the next one after the report's cut.
     * Refused while an attempt is in doubt without an acknowledgement for this shift, and
     * when the shift is no longer the open one (closed meanwhile from elsewhere).
     *
     * The figures were read on the journal reader thread, up to `cut`. Money alone would
     * allow freezing them whatever happened since (the next shift opens after the cut, so an
     * entry written meanwhile counts there), but the holds still open and links pending are
     * read from the attempts and links as they stood at the cut: if a ledger entry or a
     * link was written since, those lists may be stale, so the close answers 'moved' and the
     * caller reads again. Its last try reads here, inside this transaction, where nothing
     * can move: a counter that never pauses still closes. The in-doubt list is always read
     * here (a payment can go into doubt without a ledger row), and it is small.
     */
    close(request: CloseRequest): ShiftReport | 'moved' {
      return inTransaction(db, () => {
        const open = readOpenShift(prepare);
        if (open?.shiftId !== request.shiftId) {
          throw new ShiftError('shift-changed', 'The shift was closed meanwhile.');
        }
        const inDoubt = inDoubtAttempts(prepare, open.shiftId);
        if (inDoubt.some((line) => !line.acknowledged)) {
          throw new ShiftError('shift-in-doubt', 'An attempt is still in doubt.');
        }
        const cut = readCut(prepare);
        let figures = {};
        if (!sameCut(cut, request.cut)) {
          if (!request.readHereIfMoved) return 'moved';
          figures = readShiftFigures(prepare, { ...open, throughEntry: cut.throughEntry });
        }
        const zNumber = z.coerce
          .number()
          .int()
          .parse(prepare('SELECT coalesce(max(z_number), 0) + 1 AS n FROM z_reports').get()?.n);
        const report: ShiftReport = shiftReportSchema.parse({
          ...request.report,
          ...figures,
          kind: 'Z',
          zNumber,
          reportedAt: request.now,
          throughEntry: cut.throughEntry,
          closedBy: request.closedBy,
          auditHead: request.auditHead,
          inDoubt,
        });
        prepare(`UPDATE shifts SET closed_at = ?, closed_through_entry = ? WHERE shift_id = ?`).run(
          request.now,
          report.throughEntry,
          open.shiftId,
        );
        prepare(
          `INSERT INTO z_reports (z_number, shift_id, closed_at, closed_by, through_entry,
             audit_head, report_json) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          zNumber,
          open.shiftId,
          request.now,
          request.closedBy,
          report.throughEntry,
          request.auditHead,
          JSON.stringify(report),
        );
        prepare('INSERT INTO shifts (opened_at, opened_after_entry) VALUES (?, ?)').run(
          request.now,
          report.throughEntry,
        );
        return report;
      });
    },
  };
}

export type ShiftStore = ReturnType<typeof createShiftStore>;
