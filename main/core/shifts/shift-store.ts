import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { shiftReportSchema, type ShiftReport } from '../../../shared/ipc-shifts';
import { inTransaction } from '../journal/transaction';
import type { ShiftFailureCode } from './failure-codes';
import { inDoubtAttempts } from './report-queries';

/** The counter's open shift: it owns the ledger entries after `afterEntry`. */
export interface OpenShift {
  shiftId: number;
  openedAt: number;
  afterEntry: number;
}

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

const shiftRow = z.object({
  shiftId: z.coerce.number().int(),
  openedAt: z.coerce.number().int(),
  afterEntry: z.coerce.number().int(),
});

export const zSummarySchema = z.object({
  zNumber: z.coerce.number().int(),
  shiftId: z.coerce.number().int(),
  closedAt: z.coerce.number().int(),
  closedBy: z.string().nullable(),
});
export type ZSummary = z.infer<typeof zSummarySchema>;

/** What closing needs besides the shift: the report as read at `throughEntry`. */
export interface CloseRequest {
  shiftId: number;
  /** The X-style report of the shift, read up to its cut; it becomes the Z's content. */
  report: ShiftReport;
  closedBy: string | null;
  auditHead: string | null;
  now: number;
}

/**
 * Shifts and Z reports in the journal file (migration 8), over the journal's writable
 * connection. Closing is one transaction: the Z's number (previous + 1), the frozen report,
 * the shift's close and the next shift's opening commit together or not at all, so a crash
 * can neither skip a number nor leave a closed shift without its Z.
 */
export function createShiftStore(db: DatabaseSync) {
  const openShift = (): OpenShift | null => {
    const row = db
      .prepare(
        `SELECT shift_id AS shiftId, opened_at AS openedAt, opened_after_entry AS afterEntry
         FROM shifts WHERE closed_at IS NULL`,
      )
      .get();
    return row === undefined ? null : shiftRow.parse(row);
  };

  return {
    /** The open shift, opening the counter's first one (after every entry so far) if none. */
    current(now: number): OpenShift {
      const open = openShift();
      if (open) return open;
      return inTransaction(db, () => {
        // The first shift starts at the beginning of the ledger: nothing taken before the
        // upgrade is left out of every report.
        if (!openShift())
          db.prepare('INSERT INTO shifts (opened_at, opened_after_entry) VALUES (?, 0)').run(now);
        return shiftRow.parse(openShift());
      });
    },

    /** A supervisor lets this attempt stay in doubt through the shift's Z (append-only). */
    acknowledge(shiftId: number, attemptId: string, by: string | null, now: number): void {
      const inDoubt = inDoubtAttempts(db, shiftId).some((line) => line.attemptId === attemptId);
      if (!inDoubt) throw new ShiftError('not-in-doubt', 'This attempt is not in doubt.');
      db.prepare(
        `INSERT OR IGNORE INTO shift_acknowledgements (shift_id, attempt_id, acknowledged_by, at)
         VALUES (?, ?, ?, ?)`,
      ).run(shiftId, attemptId, by, now);
    },

    /**
     * Closes the shift with its Z report and opens the next one after the report's cut.
     * Refused while an attempt is in doubt without an acknowledgement for this shift, and
     * when the shift is no longer the open one (closed meanwhile from elsewhere).
     */
    close(request: CloseRequest): ShiftReport {
      return inTransaction(db, () => {
        const open = openShift();
        if (open?.shiftId !== request.shiftId) {
          throw new ShiftError('shift-changed', 'The shift was closed meanwhile.');
        }
        const inDoubt = inDoubtAttempts(db, open.shiftId);
        if (inDoubt.some((line) => !line.acknowledged)) {
          throw new ShiftError('shift-in-doubt', 'An attempt is still in doubt.');
        }
        const zNumber = z.coerce
          .number()
          .int()
          .parse(db.prepare('SELECT coalesce(max(z_number), 0) + 1 AS n FROM z_reports').get()?.n);
        const report: ShiftReport = shiftReportSchema.parse({
          ...request.report,
          kind: 'Z',
          zNumber,
          reportedAt: request.now,
          closedBy: request.closedBy,
          auditHead: request.auditHead,
          inDoubt,
        });
        db.prepare(
          `UPDATE shifts SET closed_at = ?, closed_through_entry = ? WHERE shift_id = ?`,
        ).run(request.now, report.throughEntry, open.shiftId);
        db.prepare(
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
        db.prepare('INSERT INTO shifts (opened_at, opened_after_entry) VALUES (?, ?)').run(
          request.now,
          report.throughEntry,
        );
        return report;
      });
    },
  };
}

export type ShiftStore = ReturnType<typeof createShiftStore>;

/** A written Z report, as it was closed (read on any connection). */
export const readZReport = (db: DatabaseSync, zNumber: number): ShiftReport | null => {
  const row = db
    .prepare('SELECT report_json AS json FROM z_reports WHERE z_number = ?')
    .get(zNumber);
  if (row === undefined) return null;
  return shiftReportSchema.parse(JSON.parse(z.string().parse(row.json)));
};

/** Every Z report of the counter, newest first. */
export const listZReports = (db: DatabaseSync, limit = 200): ZSummary[] =>
  db
    .prepare(
      `SELECT z_number AS zNumber, shift_id AS shiftId, closed_at AS closedAt,
         closed_by AS closedBy FROM z_reports ORDER BY z_number DESC LIMIT ?`,
    )
    .all(limit)
    .map((row) => zSummarySchema.parse(row));
