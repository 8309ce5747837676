import { z } from 'zod';
import { approverSchema, securityChannels, securityEvents } from './ipc-security';
import { shiftChannels } from './ipc-shifts';
import { linkChannels, linkEvents } from './ipc-links';
import { transactionViewSchema } from './transaction-view';
import { storeChannels, storeEvents } from './ipc-store';
import { storeDayChannels } from './ipc-store-day';
import { storeAuditChannels } from './ipc-store-audit';
import { claimChannels } from './ipc-claims';
import { sameCardChannels } from './ipc-same-card';
import { updateChannels, updateEvents } from './ipc-updates';
import { customerChannels } from './ipc-customers';
import { currencySchema } from './ipc-base';
import { settingsSchema, settingsViewSchema } from './ipc-settings';
import {
  outcomeSchema,
  attemptStatusSchema,
  saleStepSchema,
  failureSchema,
  attemptResultSchema,
} from './ipc-attempts';
import { saveCardRequestSchema, savedCardChannels } from './ipc-saved-cards';
import { historyFiltersSchema, historyRowSchema } from './ipc-history';

export * from './ipc-base';
export * from './ipc-settings';
export * from './ipc-attempts';
export * from './ipc-saved-cards';
export * from './ipc-history';
export * from './ipc-errors';
export { transactionViewSchema };

/**
 * The one IPC contract (DESIGN.md §2). Every channel is listed once with its request and
 * response schema; preload builds `window.paydesk` by walking this list and main registers
 * handlers through the same list, so neither side can drift. Requests are strict objects
 * with bounded strings: the renderer is untrusted input and main re-validates everything.
 */

const text = (max: number) => z.string().max(max);
const id = text(64);

export const receiptCopySchema = z.enum(['customer', 'merchant']);
/**
 * The sale's receipt, a hold's capture or release receipt, or one refund's receipt (with
 * `refund`, its place among the payment's refunds, oldest first); `sale` when absent.
 */
export const receiptKindSchema = z.enum(['sale', 'capture', 'release', 'refund']);
const receiptRefundSchema = z.number().int().min(0).max(999);

export const auditEventSchema = z.object({
  at: z.number().int(),
  step: text(64),
  outcome: text(64),
  detail: text(500).nullable(),
  operator: text(64).nullable(),
});

export const attemptDetailSchema = z.object({
  row: historyRowSchema,
  result: attemptResultSchema,
  events: z.array(auditEventSchema),
});

export const saleRequestSchema = z.strictObject({
  amount: text(32),
  currency: currencySchema,
  merchantReferenceId: text(64),
  card: z.strictObject({
    number: text(32),
    expiry: text(8),
    cvv: text(8),
    holderName: text(128),
  }),
  customerPhone: z.strictObject({ countryCode: text(8), number: text(24) }).nullable(),
  /** Hold the money only (PreAuthorize): captured or released later from History. */
  authorizeOnly: z.boolean().optional(),
  saveCard: saveCardRequestSchema.optional(),
});

export const refundResultSchema = z.object({
  outcome: z.enum(['refunded', 'voided', 'refused', 'in-doubt', 'error']),
  detail: attemptDetailSchema.nullable(),
  failure: failureSchema.nullable(),
});

/** A hold's capture or release: its ending, or why nothing changed. */
export const holdResultSchema = z.object({
  outcome: z.enum(['captured', 'released', 'hold-expired', 'refused', 'in-doubt', 'error']),
  detail: attemptDetailSchema.nullable(),
  failure: failureSchema.nullable(),
});
const holdRequestSchema = z.strictObject({
  /** The card sale's attempt id, or the payment link's id with `source: 'link'`. */
  attemptId: id,
  approver: approverSchema.optional(),
  /** What holds the order, a card sale (the default) or a payment link. */
  source: z.enum(['card', 'link']).optional(),
});

const empty = z.strictObject({});

/** Every request/response channel. Keys become the method names on `window.paydesk`. */
export const ipcContract = {
  appInfo: {
    channel: 'app:info',
    request: empty,
    response: z.object({ version: text(32), training: z.boolean(), platform: text(32) }),
  },
  salePrepare: {
    channel: 'sale:prepare',
    /**
     * The session signature covers the merchant reference, so a prepared session serves only
     * a sale with the same amount, currency and reference; without one, prepare only warms
     * the connection.
     */
    request: z.strictObject({
      amount: text(32),
      currency: currencySchema,
      merchantReferenceId: text(64).optional(),
      authorizeOnly: z.boolean().optional(),
    }),
    response: z.object({ prepared: z.boolean() }),
  },
  salePay: { channel: 'sale:pay', request: saleRequestSchema, response: attemptResultSchema },
  // The card check while the card is typed.
  saleCardCheck: {
    channel: 'sale:card-check',
    /**
     * The card number once it is complete, with the sale's amount, currency and reference:
     * main starts Initiate Authentication and the method page, replacing any earlier check.
     * Answers once they are done: `checking` true if the check stands ready for Pay.
     */
    request: z.strictObject({
      amount: text(32),
      currency: currencySchema,
      merchantReferenceId: text(64),
      cardNumber: text(32),
      /** A hold's check runs on a PreAuthorize session, never on a Pay one. */
      authorizeOnly: z.boolean().optional(),
    }),
    response: z.object({ checking: z.boolean() }),
  },
  saleCardCheckDrop: {
    channel: 'sale:card-check-drop',
    /** The form was cleared or the number changed: main forgets the card, cancels the check. */
    request: empty,
    response: z.object({ dropped: z.boolean() }),
  },
  saleCancel: {
    channel: 'sale:cancel',
    request: empty,
    response: z.object({ cancelled: z.boolean() }),
  },
  historySearch: {
    channel: 'history:search',
    request: z.strictObject({
      filters: historyFiltersSchema,
      cursor: text(200).nullable(),
      limit: z.number().int().min(1).max(200),
    }),
    response: z.object({ rows: z.array(historyRowSchema), nextCursor: text(200).nullable() }),
  },
  historyDetail: {
    channel: 'history:detail',
    request: z.strictObject({ attemptId: id }),
    response: attemptDetailSchema,
  },
  historyExport: {
    channel: 'history:export',
    request: z.strictObject({ filters: historyFiltersSchema }),
    /**
     * `path` is null when the operator dismissed the save dialog; `cancelled` when they
     * stopped the export (the partial file is removed).
     */
    response: z.object({
      path: text(1000).nullable(),
      rows: z.number().int().nonnegative(),
      cancelled: z.boolean(),
    }),
  },
  historyExportCancel: {
    channel: 'history:export-cancel',
    request: empty,
    response: z.object({ cancelled: z.boolean() }),
  },
  orderRefund: {
    channel: 'order:refund',
    /** No amount: refund what is left. */
    request: z.strictObject({
      attemptId: id,
      amount: text(32).optional(),
      approver: approverSchema.optional(),
    }),
    response: refundResultSchema,
  },
  // ── holds ──
  holdCapture: {
    channel: 'hold:capture',
    /** Takes the held amount in full; a smaller final amount is a refund afterwards. */
    request: holdRequestSchema,
    response: holdResultSchema,
  },
  holdRelease: {
    channel: 'hold:release',
    /** Gives the held amount back (the void of the authorization). */
    request: holdRequestSchema,
    response: holdResultSchema,
  },
  attemptCheck: {
    channel: 'attempt:check',
    /**
     * The operator's "Check now" on an attempt in doubt: one Get order round at once (never a
     * Pay). Answers the attempt as the journal then has it: settled, or still `in-doubt`.
     */
    request: z.strictObject({ attemptId: id }),
    response: attemptResultSchema,
  },
  receiptPrinters: {
    channel: 'receipt:printers',
    request: empty,
    response: z.object({
      printers: z.array(z.object({ name: text(200), isDefault: z.boolean() })),
    }),
  },
  receiptPrint: {
    channel: 'receipt:print',
    /** Printer, dialog, copies and paper come from the printing settings. */
    request: z.strictObject({
      attemptId: id,
      copy: receiptCopySchema,
      kind: receiptKindSchema.optional(),
      refund: receiptRefundSchema.optional(),
    }),
    response: z.object({ printed: z.boolean() }),
  },
  receiptPdf: {
    channel: 'receipt:pdf',
    request: z.strictObject({
      attemptId: id,
      copy: receiptCopySchema,
      kind: receiptKindSchema.optional(),
      refund: receiptRefundSchema.optional(),
    }),
    response: z.object({ path: text(1000).nullable() }),
  },
  settingsGet: { channel: 'settings:get', request: empty, response: settingsViewSchema },
  settingsUpdate: {
    channel: 'settings:update',
    request: settingsSchema.partial(),
    response: settingsViewSchema,
  },
  credentialsSet: {
    channel: 'credentials:set',
    request: z.strictObject({ merchantPublicKey: text(100), apiPassword: text(200) }),
    response: settingsViewSchema,
  },
  /** Every rule a settings change would break, saving nothing: the form shows them at once. */
  settingsCheck: {
    channel: 'settings:check',
    request: settingsSchema.partial(),
    response: z.object({ problems: z.array(text(64)).max(20) }),
  },
  /**
   * Test connection: a harmless gateway call proves the typed credentials (then saved as
   * tested) or, with `credentials: null`, the stored ones.
   */
  credentialsTest: {
    channel: 'credentials:test',
    request: z.strictObject({
      credentials: z
        .strictObject({ merchantPublicKey: text(100), apiPassword: text(200) })
        .nullable(),
    }),
    response: settingsViewSchema,
  },
  ...securityChannels,
  ...shiftChannels,
  ...linkChannels,
  ...storeChannels,
  ...storeDayChannels,
  ...storeAuditChannels,
  ...claimChannels,
  ...sameCardChannels,
  ...updateChannels,
  ...customerChannels,
  ...savedCardChannels,
} as const;

/** Events main pushes to the renderer. */
export const ipcEvents = {
  saleProgress: {
    channel: 'sale:progress',
    payload: z.object({
      attemptId: id,
      step: saleStepSchema,
      at: z.number().int(),
      elapsedMs: z.number().nonnegative(),
    }),
  },
  attemptSettled: { channel: 'attempt:settled', payload: attemptResultSchema },
  settingsChanged: { channel: 'settings:changed', payload: settingsViewSchema },
  /** A running CSV export: rows written so far, and the share of its time range done. */
  historyExportProgress: {
    channel: 'history:export-progress',
    payload: z.object({
      rows: z.number().int().nonnegative(),
      fraction: z.number().min(0).max(1),
    }),
  },
  /** The application menu's own items (New sale, History, Settings). */
  menuCommand: { channel: 'menu:command', payload: z.enum(['new-sale', 'history', 'settings']) },
  ...securityEvents,
  ...linkEvents,
  ...storeEvents,
  ...updateEvents,
} as const;

export type IpcContract = typeof ipcContract;
export type IpcMethod = keyof IpcContract;
export type IpcRequest<M extends IpcMethod> = z.input<IpcContract[M]['request']>;
export type IpcResponse<M extends IpcMethod> = z.infer<IpcContract[M]['response']>;
export type IpcEventName = keyof typeof ipcEvents;
export type IpcEventPayload<E extends IpcEventName> = z.infer<(typeof ipcEvents)[E]['payload']>;

export type AttemptResult = z.infer<typeof attemptResultSchema>;
export type AttemptDetail = z.infer<typeof attemptDetailSchema>;
export type SettingsView = z.infer<typeof settingsViewSchema>;
export type SaleRequest = z.infer<typeof saleRequestSchema>;
export type SaleStep = z.infer<typeof saleStepSchema>;
export type Outcome = z.infer<typeof outcomeSchema>;
export type AttemptStatus = z.infer<typeof attemptStatusSchema>;
export type Failure = z.infer<typeof failureSchema>;
export type RefundResult = z.infer<typeof refundResultSchema>;
export type HoldResult = z.infer<typeof holdResultSchema>;
