import { writeFile } from 'node:fs/promises';
import type { AttemptResult, IpcRequest } from '../../../shared/ipc';
import type { Result } from '../../../shared/result';
import { linkReceiptResult } from '../links/link-receipt';
import type { EngineFailure } from '../payments/engine-failure';
import type { CoreEvents, SaveTarget, Logger } from '../ports';
import type { PaymentModes } from './payment-modes';
import { renderReceiptHtml } from '../receipts/receipt-html';
import { NoSuchReceipt } from '../receipts/receipt-facts';
import { guardReceiptText } from '../receipts/receipt-guard';
import { PrinterNoAnswer, receiptFileName, type ReceiptOutput } from '../receipts/receipt-output';
import type { SettingsService } from '../settings/settings-service';
import type { HandlerFailureCode } from '../../../shared/failures/handler-failures';
import type { securityChannels } from '../../../shared/ipc-security';
import type { shiftChannels } from '../../../shared/ipc-shifts';
import type { storeChannels } from '../../../shared/ipc-store';
import type { storeDayChannels } from '../../../shared/ipc-store-day';
import type { storeAuditChannels } from '../../../shared/ipc-store-audit';
import type { sameCardChannels } from '../../../shared/ipc-same-card';
import type { claimChannels } from '../../../shared/ipc-claims';
import type { customerChannels } from '../../../shared/ipc-customers';
import type { savedCardChannels } from '../../../shared/ipc-saved-cards';
import { CodedFailure } from '../coded-failure';
import type { IpcHandlers } from './router';
import { payKeyed } from './saved-card-handlers';

/**
 * The counter's own channels: sale, History, receipts, settings and payment links. The
 * other files of ipc/ answer operators and audit (security-handlers.ts), shifts and reports
 * (shift-handlers.ts) and the store (store-*-handlers.ts, claim-handlers.ts).
 */
export type CoreHandlers = Omit<
  IpcHandlers,
  | keyof typeof securityChannels
  | keyof typeof shiftChannels
  | keyof typeof storeChannels
  | keyof typeof storeDayChannels
  | keyof typeof storeAuditChannels
  | keyof typeof claimChannels
  | keyof typeof sameCardChannels
  | keyof typeof customerChannels
  | keyof typeof savedCardChannels
>;

export interface HandlerDeps {
  modes: PaymentModes;
  settings: SettingsService;
  events: CoreEvents;
  receipts: ReceiptOutput;
  files: SaveTarget;
  app: { version: string; platform: string };
  /** The receipt's "served by" line for an attempt: first name or ID, or null. */
  receiptOperator?: (attemptId: string) => string | null;
  /** For export file names: the operator's local date. */
  now: () => number;
  logger: Logger;
}

const failure = (code: HandlerFailureCode) => new CodedFailure(code);

/** The one place an engine failure value becomes an IPC error. */
async function unwrap<T>(result: Promise<Result<T, EngineFailure>>): Promise<T> {
  const settled = await result;
  if (settled.ok) return settled.value;
  // The engine's `message` is its own note, not the operator's sentence: only the code crosses.
  const { code, params, existingPayment } = settled.error;
  throw new CodedFailure(code, params, null, existingPayment);
}

/**
 * Runs `work`; a failure that is not already an operator-facing CodedFailure (disk full,
 * printer gone) is logged and reported as `code` instead of crossing the bridge raw.
 */
async function reporting<T>(logger: Logger, code: HandlerFailureCode, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CodedFailure) throw error;
    logger.error(`${code}`, { error: error instanceof Error ? error.message : String(error) });
    throw failure(code);
  }
}

type ReceiptRequest = IpcRequest<'receiptPdf'>;

export const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The core's answer to every channel of the contract. Requests arrive parsed by the router;
 * money moves only through the active mode's PaymentService, which re-validates card data.
 */
export function createIpcHandlers(deps: HandlerDeps): CoreHandlers {
  const { modes, settings, events, receipts, files, logger } = deps;

  // A receipt is a card sale's, or a paid payment link's (same id space: both are UUIDs).
  const resultOf = (attemptId: string): AttemptResult => {
    const { journal, linkJournal } = modes.active();
    const link = linkJournal.get(attemptId);
    const result = journal.result(attemptId) ?? (link ? linkReceiptResult(link) : null);
    if (!result) throw failure('attempt-not-found');
    return result;
  };
  /**
   * One receipt of a payment, as the payment is now. A live receipt without the merchant's
   * name is refused with words saying where to enter it: a customer's slip must say who took
   * the money (Training receipts may go without).
   */
  const receiptHtml = (stored: AttemptResult, request: ReceiptRequest) => {
    const { receiptHeader, language, printing, bilingualReceipts } = settings.current();
    const training = modes.active().name === 'training';
    if (!training && receiptHeader.merchantName === '') {
      throw failure('receipt-merchant-name-required');
    }
    const { result, header } = guardReceiptText(stored, receiptHeader);
    const operator = deps.receiptOperator?.(result.attemptId) ?? null;
    try {
      return renderReceiptHtml({
        result,
        header,
        copy: request.copy,
        language,
        training,
        paper: printing.paper,
        operator,
        kind: request.kind ?? 'sale',
        ...(request.refund === undefined ? {} : { refund: request.refund }),
        bilingual: bilingualReceipts,
      });
    } catch (error) {
      if (error instanceof NoSuchReceipt) throw failure('receipt-not-found');
      throw error;
    }
  };

  return {
    appInfo: async () => ({
      version: deps.app.version,
      platform: deps.app.platform,
      training: modes.active().name === 'training',
    }),
    salePrepare: (request) => modes.active().payments.prepare(request),
    salePay: (request) =>
      unwrap(
        payKeyed(modes.active(), request, (progress) => events.emit('saleProgress', progress)),
      ),
    saleCardCheck: async (request) => ({
      checking: await modes.active().payments.checkCard(request),
    }),
    saleCardCheckDrop: async () => ({
      // A check started before a mode switch is dropped too.
      dropped: modes.all().some((mode) => mode.payments.dropCardCheck().dropped),
    }),
    saleCancel: async () => ({
      // Only one sale runs at a time, but it may have started before a mode switch.
      cancelled: modes.all().some((mode) => mode.payments.cancel().cancelled),
    }),
    // History reads go to the reader thread: main only routes them.
    historySearch: ({ filters, cursor, limit }) =>
      modes.active().reader.search(filters, cursor, limit),
    historyDetail: async ({ attemptId }) => {
      const detail = await modes.active().reader.detail(attemptId);
      if (!detail) throw failure('attempt-not-found');
      return detail;
    },
    historyExport: ({ filters }) =>
      reporting(logger, 'export-failed', async () => {
        const defaultName = `paydesk-history-${localDate(deps.now())}.csv`;
        const path = await files.choosePath({ defaultName, kind: 'csv' });
        if (!path) return { path: null, rows: 0, cancelled: false };
        const outcome = await modes
          .active()
          .reader.exportCsv(filters, path, (progress) =>
            events.emit('historyExportProgress', progress),
          );
        return { path: outcome.cancelled ? null : path, ...outcome };
      }),
    historyExportCancel: async () => {
      // The export may have started before a mode switch: ask every reader.
      const answers = await Promise.all(modes.all().map((mode) => mode.reader.cancelExport()));
      return { cancelled: answers.some(Boolean) };
    },
    orderRefund: ({ attemptId, amount }) =>
      unwrap(modes.active().payments.refund(attemptId, amount)),
    // A hold is a card sale's or an authorize-only payment link's.
    holdCapture: ({ attemptId, source }) =>
      unwrap(
        (source === 'link' ? modes.active().links : modes.active().payments).capture(attemptId),
      ),
    holdRelease: ({ attemptId, source }) =>
      unwrap(
        (source === 'link' ? modes.active().links : modes.active().payments).release(attemptId),
      ),
    attemptCheck: ({ attemptId }) => unwrap(modes.active().payments.check(attemptId)),
    receiptPrinters: () =>
      reporting(logger, 'receipt-print-failed', async () => ({
        printers: await receipts.printers(),
      })),
    receiptPrint: (request) =>
      reporting(logger, 'receipt-print-failed', async () => {
        const { attemptId, copy } = request;
        const html = receiptHtml(resultOf(attemptId), request);
        const { printerName, silent, customerCopies, merchantCopies, paper } =
          settings.current().printing;
        // A print the operator asked for gives at least one copy, even of a merchant copy
        // the sale's own Print receipt leaves out (0 copies).
        const copies = Math.max(1, copy === 'customer' ? customerCopies : merchantCopies);
        try {
          const printed = await receipts.print(html, {
            silent,
            deviceName: printerName,
            copies,
            paper,
          });
          return { printed };
        } catch (error) {
          if (!(error instanceof PrinterNoAnswer)) throw error;
          logger.warn('receipt-print-timeout', { waitedMs: error.waitedMs });
          throw failure('receipt-print-timeout');
        }
      }),
    receiptPdf: (request) =>
      reporting(logger, 'receipt-pdf-failed', async () => {
        const { attemptId, copy, kind = 'sale', refund = 0 } = request;
        const result = resultOf(attemptId);
        const { paper } = settings.current().printing;
        const bytes = await receipts.pdf(receiptHtml(result, request), { paper });
        const suffix =
          kind === 'sale' ? '' : kind === 'refund' ? `-refund-${refund + 1}` : `-${kind}`;
        const defaultName = receiptFileName(`${result.merchantReferenceId}${suffix}`, copy);
        const path = await files.choosePath({ defaultName, kind: 'pdf' });
        if (path) await writeFile(path, bytes);
        return { path };
      }),
    // Payment links.
    linkCreate: (request) => unwrap(modes.active().links.create(request)),
    linkResend: ({ linkId }) => unwrap(modes.active().links.resend(linkId)),
    linkCancel: ({ linkId }) => unwrap(modes.active().links.cancel(linkId)),
    linkGet: async ({ linkId }) => unwrap(Promise.resolve(modes.active().links.get(linkId))),
    linkList: async ({ statuses, limit }) => ({
      links: modes.active().links.list(statuses ?? null, limit),
    }),
    linkFind: async ({ text, amountMinor, limit }) => ({
      links:
        text === undefined && amountMinor === undefined
          ? []
          : modes
              .active()
              .links.find({ text: text ?? null, amountMinor: amountMinor ?? null }, limit),
    }),
    settingsGet: () => settings.view(),
    settingsUpdate: (patch) => settings.update(patch),
    credentialsSet: (input) => settings.setCredentials(input),
    settingsCheck: async (patch) => ({ problems: [...settings.problems(patch)] }),
    credentialsTest: ({ credentials }) => settings.testCredentials(credentials),
  };
}
