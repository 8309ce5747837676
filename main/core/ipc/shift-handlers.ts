import { writeFile } from 'node:fs/promises';
import { formatMinor } from '../../../shared/money/amount';
import type { ShiftReport, WhichReport, shiftChannels } from '../../../shared/ipc-shifts';
import type { SaveTarget, Logger } from '../ports';
import type { AuditTrail } from '../audit/audit-trail';
import { localDate } from './core-handlers';
import { CodedFailure } from '../coded-failure';
import type { IpcHandlers } from './router';
import { approveOnTheSpot } from '../operators/approvals';
import type { OperatorsService } from '../operators/operators-service';
import { PrinterNoAnswer, type ReceiptOutput } from '../receipts/receipt-output';
import type { SettingsService } from '../settings/settings-service';
import { reportCsv, reportFileName } from '../shifts/report-csv';
import { renderReportHtml } from '../shifts/report-html';
import { reportView } from '../shifts/report-sections';
import type { ShiftService } from '../shifts/shift-service';
import { ShiftError } from '../shifts/shift-store';

export type ShiftHandlers = Pick<IpcHandlers, keyof typeof shiftChannels>;

export interface ShiftHandlerDeps {
  /** The active mode's shifts (Training's journal has its own shifts and Z numbers). */
  shifts: () => { service: ShiftService; training: boolean };
  operators: OperatorsService;
  audit: AuditTrail;
  settings: SettingsService;
  receipts: ReceiptOutput;
  files: SaveTarget;
  now: () => number;
  logger: Logger;
}

/** Shift errors as the operator's codes; anything else stays an internal error. */
async function asIpc<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ShiftError) throw new CodedFailure(error.code);
    throw error;
  }
}

/**
 * The shift and report channels. Who may call each is the permission table's
 * (X a supervisor's, Z an admin's); here the acting operator is named on every Z,
 * acknowledgement and adoption, a Z output needs an admin as the Z itself, and prints land
 * in the audit trail.
 */
export function createShiftHandlers(deps: ShiftHandlerDeps): ShiftHandlers {
  const { operators, audit, settings, receipts, files, logger } = deps;
  const service = () => deps.shifts().service;

  const reportOf = async (which: WhichReport): Promise<ShiftReport> => {
    if (which.kind === 'X') return service().xReport({ reconcile: false });
    // A Z is the admin's, like closing one: a supervisor prints X reports only.
    const acting = operators.acting();
    if (acting && acting.role !== 'admin') throw new CodedFailure('forbidden');
    const z = await service().zReport(which.zNumber);
    if (!z) throw new CodedFailure('no-such-z-report');
    return z;
  };
  const documentOf = (report: ShiftReport) => {
    const { language, printing, receiptHeader } = settings.current();
    return renderReportHtml({
      report,
      language,
      paper: printing.paper,
      merchantName: receiptHeader.merchantName,
      training: deps.shifts().training,
      reprint: report.kind === 'Z',
    });
  };
  const answer = (report: ShiftReport, reprint: boolean) => ({
    report,
    view: reportView(report, { language: settings.current().language, reprint }),
  });
  const output = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CodedFailure) throw error;
      logger.error('report-output-failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      throw new CodedFailure('report-output-failed');
    }
  };

  return {
    shiftReport: async ({ reconcile }) => answer(await service().xReport({ reconcile }), false),
    shiftClose: () =>
      asIpc(async () => answer(await service().closeShift(operators.actor()), false)),
    /*
     * With operators on, a supervisor other than the one asking types their ID and PIN at
     * the counter (the approval dialog of refunds and holds), and the acknowledgement is in
     * their name; with operators off the owner acknowledges, as before.
     */
    shiftAcknowledge: ({ attemptId, approver }) =>
      asIpc(async () => {
        const requester = operators.acting();
        let by: string | null = null;
        if (requester) {
          const line = service().inDoubtLine(attemptId);
          const approval = await approveOnTheSpot({
            accounts: operators.accounts,
            audit,
            requester,
            request: {
              kind: 'in-doubt-acknowledgement',
              subject: attemptId,
              detail: `${formatMinor(line.amountMinor, line.currency)} ${line.currency}`,
              approver,
            },
          });
          by = approval.approverId;
        }
        service().acknowledge(attemptId, by);
        return { acknowledged: true as const };
      }),
    shiftAdopt: ({ orderId }) =>
      asIpc(() => {
        service().adopt(orderId, operators.actor());
        return { adopted: true as const };
      }),
    zReportList: async () => service().zReports(),
    zReportGet: async ({ zNumber }) => answer(await reportOf({ kind: 'Z', zNumber }), true),
    shiftPrint: ({ report: which }) =>
      output(async () => {
        const report = await reportOf(which);
        const { printerName, silent, paper } = settings.current().printing;
        let printed: boolean;
        try {
          printed = await receipts.print(documentOf(report), {
            silent,
            deviceName: printerName,
            copies: 1,
            paper,
          });
        } catch (error) {
          if (!(error instanceof PrinterNoAnswer)) throw error;
          throw new CodedFailure('receipt-print-timeout');
        }
        if (printed) {
          audit.record('report-printed', {
            operatorId: operators.actor(),
            subject: report.kind === 'Z' ? `Z ${report.zNumber}` : `X shift ${report.shiftId}`,
          });
        }
        return { printed };
      }),
    shiftSave: ({ report: which, format }) =>
      output(async () => {
        const report = await reportOf(which);
        const defaultName = reportFileName(report, localDate(deps.now()), format);
        const path = await files.choosePath({ defaultName, kind: format });
        if (!path) return { path: null };
        const { language, printing } = settings.current();
        const bytes =
          format === 'csv'
            ? reportCsv(report, { language, reprint: report.kind === 'Z' })
            : await receipts.pdf(documentOf(report), { paper: printing.paper });
        await writeFile(path, bytes);
        return { path };
      }),
  };
}
