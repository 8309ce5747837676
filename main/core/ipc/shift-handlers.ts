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
import { paymentsCsv, reportCsv, reportFileName } from '../shifts/report-csv';
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
 * The shift and report channels. Who may call each is the permission table's (supervisors
 * and admins run the close); here the acting operator is named on every Z, acknowledgement
 * and adoption, and prints land in the audit trail.
 */
export function createShiftHandlers(deps: ShiftHandlerDeps): ShiftHandlers {
  const { operators, audit, settings, receipts, files, logger } = deps;
  const service = () => deps.shifts().service;
  // Z reports closed here and not yet printed or saved: their first output is the original,
  // every later one a marked copy.
  const originals = new Set<number>();

  const names = (): ReadonlyMap<string, string> =>
    new Map(operators.accounts.all().map((o) => [o.operatorId, o.displayName]));

  /** The report an output shows, and whether it is a copy of a Z printed or saved before. */
  const reportOf = async (which: WhichReport): Promise<{ report: ShiftReport; copy: boolean }> => {
    if (which.kind === 'X')
      return { report: await service().xReport({ reconcile: false }), copy: false };
    const z = await service().zReport(which.zNumber);
    if (!z) throw new CodedFailure('no-such-z-report');
    return { report: z, copy: !originals.has(which.zNumber) };
  };
  const outputDone = (report: ShiftReport) => {
    if (report.zNumber !== null) originals.delete(report.zNumber);
  };
  const documentOf = (report: ShiftReport, copy: boolean) => {
    const { language, printing, receiptHeader } = settings.current();
    return renderReportHtml({
      report,
      language,
      paper: printing.paper,
      merchantName: receiptHeader.merchantName,
      vatNumber: receiptHeader.vatNumber,
      names: names(),
      training: deps.shifts().training,
      reprint: copy,
    });
  };
  const answer = (report: ShiftReport, reprint: boolean) => {
    const { language, receiptHeader } = settings.current();
    return {
      report,
      view: reportView(report, { language, reprint, names: names(), merchant: receiptHeader }),
    };
  };

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
      asIpc(async () => {
        const z = await service().closeShift(operators.actor());
        if (z.zNumber !== null) originals.add(z.zNumber);
        return answer(z, false);
      }),
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
    zReportGet: async ({ zNumber }) => {
      const { report, copy } = await reportOf({ kind: 'Z', zNumber });
      return answer(report, copy);
    },
    shiftPrint: ({ report: which }) =>
      output(async () => {
        const { report, copy } = await reportOf(which);
        const { printerName, silent, paper } = settings.current().printing;
        let printed: boolean;
        try {
          printed = await receipts.print(documentOf(report, copy), {
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
          outputDone(report);
          audit.record('report-printed', {
            operatorId: operators.actor(),
            subject: report.kind === 'Z' ? `Z ${report.zNumber}` : `X shift ${report.shiftId}`,
          });
        }
        return { printed };
      }),
    shiftSave: ({ report: which, format }) =>
      output(async () => {
        const { report, copy } = await reportOf(which);
        const defaultName = reportFileName(report, localDate(deps.now()), format);
        const path = await files.choosePath({ defaultName, kind: format });
        if (!path) return { path: null };
        const bytes =
          format === 'csv'
            ? reportCsv(report, names())
            : await receipts.pdf(documentOf(report, copy), {
                paper: settings.current().printing.paper,
              });
        await writeFile(path, bytes);
        outputDone(report);
        return { path };
      }),
    shiftPaymentsSave: ({ report: which }) =>
      output(async () => {
        const { report } = await reportOf(which);
        const defaultName = reportFileName(report, localDate(deps.now()), 'csv', '-payments');
        const path = await files.choosePath({ defaultName, kind: 'csv' });
        if (!path) return { path: null };
        const payments = await service().payments(report);
        await writeFile(path, paymentsCsv(payments, names()));
        return { path };
      }),
  };
}
