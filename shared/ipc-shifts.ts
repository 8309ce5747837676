import { z } from 'zod';
import { approverSchema } from './ipc-security';
import { currencies } from './money/currencies';

/**
 * Shifts, X and Z reports and reconciliation with the gateway: the report's shape
 * as main computes it and the renderer, the printer, the PDF and the CSV show it. Amounts
 * are integer minor units of their currency; every count and total is per currency.
 */

const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const signedMinor = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().nonnegative();
const text = (max: number) => z.string().max(max);
const currency = z.enum(currencies);

export const countTotalSchema = z.object({ count, totalMinor: minor });
export type CountTotal = z.infer<typeof countTotalSchema>;

/** One currency's figures; net taken = Pay + captures − refunds (+ adopted gateway money). */
export const currencyFiguresSchema = z.object({
  currency,
  sales: countTotalSchema,
  declined: count,
  abandoned: count,
  refunds: countTotalSchema,
  holds: countTotalSchema,
  captures: countTotalSchema,
  releases: countTotalSchema,
  holdsExpired: count,
  /** Holds standing at the bank when the report was read, whichever shift took them. */
  holdsOpen: countTotalSchema.default({ count: 0, totalMinor: 0 }),
  linksPaid: countTotalSchema,
  /** Links awaiting payment when the report was read, whichever shift sent them. */
  linksPending: countTotalSchema.default({ count: 0, totalMinor: 0 }),
  linksExpired: count,
  linksCancelled: count,
  adopted: z.object({ count, netMinor: signedMinor }),
  netMinor: signedMinor,
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

export const brandLineSchema = z.object({
  currency,
  brand: text(32),
  sales: countTotalSchema,
  refunds: countTotalSchema,
});
export const operatorLineSchema = z.object({
  currency,
  /** null: taken while operators were off. */
  operatorId: text(32).nullable(),
  sales: countTotalSchema,
  refunds: countTotalSchema,
});

/** A ledger entry of this shift whose sale or link began before the shift opened. */
export const lateEntrySchema = z.object({
  entryId: z.number().int(),
  kind: text(32),
  recordId: text(64),
  amountMinor: minor,
  currency,
  recordCreatedAt: z.number().int(),
});

export const inDoubtLineSchema = z.object({
  attemptId: text(64),
  merchantReferenceId: text(100),
  amountMinor: minor,
  currency,
  createdAt: z.number().int(),
  /** Who acknowledged it for this shift's Z, or null while unacknowledged. */
  acknowledgedBy: text(32).nullable(),
  acknowledged: z.boolean(),
});

export const openHoldSchema = z.object({
  recordId: text(64),
  amountMinor: minor,
  currency,
  heldAt: z.number().int(),
});

export const selfApprovedRefundSchema = z.object({
  entryId: z.number().int(),
  recordId: text(64),
  operatorId: text(32),
  amountMinor: minor,
  currency,
});

export const differenceKindSchema = z.enum([
  'gateway-only',
  'journal-only',
  'status-differs',
  'amount-differs',
]);
export type DifferenceKind = z.infer<typeof differenceKindSchema>;

/** One disagreement between the journal and the gateway, with what to do about it. */
export const differenceSchema = z.object({
  kind: differenceKindSchema,
  orderId: text(64).nullable(),
  merchantReferenceId: text(100).nullable(),
  currency,
  /** What the gateway's order says (null: it has no such order). */
  gatewayStatus: text(40).nullable(),
  gatewayAmountMinor: minor.nullable(),
  /** What the journal's ledger says (null: the journal has no such outcome). */
  journalKind: text(32).nullable(),
  journalAmountMinor: minor.nullable(),
  /** What a supervisor should do: i18n key under shifts.action. */
  action: z.enum(['adopt-gateway', 'check-attempt', 'check-refund']),
  /** What adopting the gateway's state does to the money: taken, given back, or nothing. */
  effect: z.enum(['taken', 'returned', 'none']),
  effectMinor: minor,
  /** The journal's attempt it matched (null for a gateway-only order). */
  attemptId: text(64).nullable(),
  /** Adopted already (a ledger 'adopted' entry exists for this order). */
  adopted: z.boolean(),
  /** When the order (or the journal's attempt) was created; null in Z reports written before. */
  createdAt: z.number().int().nullable().default(null),
  /** The card as first 6 and last 4 (`512345******2346`), and its brand, when known. */
  maskedCard: z
    .string()
    .regex(/^\d{6}\*{2,9}\d{4}$/)
    .nullable()
    .default(null),
  brand: text(32).nullable().default(null),
});
export type Difference = z.infer<typeof differenceSchema>;

/**
 * `from`: where the compared window began. It reaches back before the shift's opening while
 * an earlier shift left a difference open or was not reconciled (carried over until resolved).
 */
export const reconciliationSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('not-reconciled'),
    at: z.number().int(),
    reason: text(200),
    from: z.number().int().optional(),
  }),
  z.object({
    state: z.literal('reconciled'),
    at: z.number().int(),
    from: z.number().int().optional(),
    orders: count,
    differences: z.array(differenceSchema),
  }),
]);
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const shiftReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  /** Z only: the counter's gapless number. */
  zNumber: z.number().int().positive().nullable(),
  shiftId: z.number().int().positive(),
  openedAt: z.number().int(),
  /** When the figures were read (X) or the shift closed (Z). */
  reportedAt: z.number().int(),
  closedBy: text(32).nullable(),
  afterEntry: z.number().int().nonnegative(),
  throughEntry: z.number().int().nonnegative(),
  currencies: z.array(currencyFiguresSchema),
  byBrand: z.array(brandLineSchema),
  byOperator: z.array(operatorLineSchema),
  lateEntries: z.array(lateEntrySchema),
  inDoubt: z.array(inDoubtLineSchema),
  holdsOpen: z.array(openHoldSchema),
  selfApprovedRefunds: z.array(selfApprovedRefundSchema),
  reconciliation: reconciliationSchema,
  /** The audit trail's chain head when the Z was written, else null. */
  auditHead: text(200).nullable(),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

/** The report in words, as main lays it out for every output: the screen shows the same. */
export const reportViewSchema = z.object({
  title: text(200),
  banner: text(200).nullable(),
  sections: z.array(
    z.object({
      title: text(500),
      note: text(500).optional(),
      lines: z.array(z.object({ label: text(500), value: text(500), ltr: z.boolean().optional() })),
    }),
  ),
});
export type ReportView = z.infer<typeof reportViewSchema>;
export type ReportSection = ReportView['sections'][number];
export type ReportLine = ReportSection['lines'][number];

/** A report with its words in the operator's language. */
const reportAnswer = z.object({ report: shiftReportSchema, view: reportViewSchema });
export type ReportAnswer = z.infer<typeof reportAnswer>;

const empty = z.strictObject({});
const zNumber = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Which report an output channel prints: the open shift's X, or a written Z (a copy). */
const whichReport = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('X') }),
  z.strictObject({ kind: z.literal('Z'), zNumber }),
]);
export type WhichReport = z.infer<typeof whichReport>;

export const zSummarySchema = z.object({
  zNumber,
  shiftId: z.number().int().positive(),
  closedAt: z.number().int(),
  closedBy: text(32).nullable(),
});

/** The shift and report channels (spread into the one IPC contract). */
export const shiftChannels = {
  shiftReport: {
    channel: 'shift:report',
    /** The open shift's X report; `reconcile` pages the gateway's order search first. */
    request: z.strictObject({ reconcile: z.boolean() }),
    response: reportAnswer,
  },
  shiftClose: {
    channel: 'shift:close',
    /** Reconciles, then closes with a Z report; refused while a payment is in doubt. */
    request: empty,
    response: reportAnswer,
  },
  shiftAcknowledge: {
    channel: 'shift:acknowledge',
    /** With operators on, a second supervisor's ID and PIN typed at the counter. */
    request: z.strictObject({ attemptId: text(64), approver: approverSchema.optional() }),
    response: z.object({ acknowledged: z.literal(true) }),
  },
  shiftAdopt: {
    channel: 'shift:adopt',
    /** Adopts the gateway's record for an order of the latest reconciliation's differences. */
    request: z.strictObject({ orderId: text(64) }),
    response: z.object({ adopted: z.literal(true) }),
  },
  zReportList: { channel: 'z-report:list', request: empty, response: z.array(zSummarySchema) },
  zReportGet: {
    channel: 'z-report:get',
    request: z.strictObject({ zNumber }),
    response: reportAnswer,
  },
  shiftPrint: {
    channel: 'shift:print',
    request: z.strictObject({ report: whichReport }),
    response: z.object({ printed: z.boolean() }),
  },
  shiftSave: {
    channel: 'shift:save',
    /** PDF on the printing paper, or CSV; `path` null when the save dialog was dismissed. */
    request: z.strictObject({ report: whichReport, format: z.enum(['pdf', 'csv']) }),
    response: z.object({ path: text(1000).nullable() }),
  },
  shiftPaymentsSave: {
    channel: 'shift:payments-save',
    /** One CSV row per ledger entry of the shift (a sale, refund, capture, adopted order…). */
    request: z.strictObject({ report: whichReport }),
    response: z.object({ path: text(1000).nullable() }),
  },
} as const;
