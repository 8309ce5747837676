import { z } from 'zod';
import { brandSchema, currencySchema } from '../../../shared/ipc';
import type { StatementSync } from 'node:sqlite';
import { attemptStateSchema, type AttemptState } from './attempt-state';
import { JournalError } from '../platform/journal-error';

/**
 * The ledger: one append-only row per final outcome of a money operation, in journal order.
 * Shifts and Z reports cut it by `entry_id`, never by the clock, so a payment
 * settled from doubt after a Z report lands in the next shift whatever the clock did, and
 * store mode replicates it as it is. A row is only ever written inside the
 * transaction that makes its outcome final, so the ledger and the records cannot disagree.
 */

export const ledgerKinds = [
  /** Money taken by Pay (a card sale or a paid link). */
  'sale',
  /** Refused by the issuer or the gateway; no money. */
  'declined',
  /** Ended with no money: cancelled, expired, timed out, failed. */
  'abandoned',
  'refund',
  /** Authorized: money held, not taken. */
  'hold',
  'capture',
  'release',
  'hold-expired',
  'link-expired',
  'link-cancelled',
  /** Reconciliation took the gateway's state for a record; `detail` says what. */
  'adopted',
] as const;

export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

const id = z.string().min(1).max(64);
const operator = z.string().min(1).max(32).nullable();

/** What a writer hands over; `entry_id` and `at` are the journal's. */
export const newLedgerEntrySchema = z.object({
  kind: ledgerKindSchema,
  source: z.enum(['card', 'link']),
  recordId: id,
  orderId: id.nullable(),
  merchantReferenceId: z.string().max(64),
  amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: currencySchema,
  brand: brandSchema.nullable(),
  operatorId: operator,
  approverId: operator,
  /** When the sale or link began: a report flags money that belongs to an earlier shift. */
  recordCreatedAt: z.number().int().nonnegative(),
  /** Plain facts as JSON text (never card data): what was adopted, the gateway's status. */
  detail: z.string().max(500).nullable(),
});

export type NewLedgerEntry = z.input<typeof newLedgerEntrySchema>;

/**
 * Appends one entry. Call it only inside the write transaction that settles the record
 * (the caller's `inTransaction`); the ledger's own triggers refuse edits and deletes.
 */
export function appendLedgerEntry(
  prepare: (sql: string) => StatementSync,
  at: number,
  entry: NewLedgerEntry,
): void {
  const parsed = newLedgerEntrySchema.safeParse(entry);
  if (!parsed.success) {
    const paths = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
    throw new JournalError('invalid-attempt', `Invalid ledger entry: ${paths.join(', ')}.`);
  }
  const e = parsed.data;
  prepare(
    `INSERT INTO ledger (at, kind, source, record_id, order_id, merchant_reference_id,
       amount_minor, currency, brand, operator_id, approver_id, record_created_at, detail)
     VALUES (:at, :kind, :source, :recordId, :orderId, :reference, :amountMinor, :currency,
       :brand, :operatorId, :approverId, :recordCreatedAt, :detail)`,
  ).run({
    at,
    kind: e.kind,
    source: e.source,
    recordId: e.recordId,
    orderId: e.orderId,
    reference: e.merchantReferenceId,
    amountMinor: e.amountMinor,
    currency: e.currency,
    brand: e.brand,
    operatorId: e.operatorId,
    approverId: e.approverId,
    recordCreatedAt: e.recordCreatedAt,
    detail: e.detail,
  });
}

/** How each attempt ending reads in the ledger; states not listed move no money. */
const attemptEndingKinds: Partial<Record<AttemptState, LedgerKind>> = {
  paid: 'sale',
  declined: 'declined',
  'authentication-failed': 'declined',
  rejected: 'declined',
  cancelled: 'abandoned',
  expired: 'abandoned',
  error: 'abandoned',
  // Authorize only: the money is held, not taken.
  authorized: 'hold',
};

// ── holds ──
/** States of a hold still standing (held, or a capture or release in doubt). */
const holdStates: ReadonlySet<AttemptState> = new Set([
  'authorized',
  'capture-sent',
  'release-sent',
]);

/** How a hold ends in the ledger: captured (then an ordinary paid sale), released or lapsed. */
const holdEndingKinds: Partial<Record<AttemptState, LedgerKind>> = {
  paid: 'capture',
  released: 'release',
  'hold-expired': 'hold-expired',
};

/** States before any ending; an old journal's `void-sent` → `paid` is not a second sale. */
const openStates: ReadonlySet<AttemptState> = new Set([
  'created',
  'session',
  'initiated',
  'payer-authenticated',
  'pay-sent',
]);

/** The attempt as the journal holds it just before a transition is written. */
export const attemptBeforeSchema = z
  .object({
    attempt_id: z.string(),
    state: attemptStateSchema,
    order_id: z.string().nullable(),
    merchant_reference_id: z.string(),
    amount_minor: z.number().int(),
    currency: currencySchema,
    brand: brandSchema.nullable(),
    refunded_minor: z.number().int(),
    operator_id: z.string().nullable(),
    created_at: z.number().int(),
  })
  .transform((row) => ({
    attemptId: row.attempt_id,
    state: row.state,
    orderId: row.order_id,
    merchantReferenceId: row.merchant_reference_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    brand: row.brand,
    refundedMinor: row.refunded_minor,
    operatorId: row.operator_id,
    createdAt: row.created_at,
  }));

export type AttemptBefore = z.output<typeof attemptBeforeSchema>;

/**
 * Whether a transition to `state` can make ledger entries at all (see
 * ledgerEntriesForTransition): only an ending, a hold's ending or a rise of the refunded total
 * does. The journal writes every other transition without reading the attempt first.
 */
export const mayMakeLedgerEntries = (state: AttemptState, setsRefunded: boolean): boolean =>
  setsRefunded || attemptEndingKinds[state] !== undefined || holdEndingKinds[state] !== undefined;

/**
 * The ledger entries an attempt transition makes, derived by the journal itself so that no
 * code path of the engine can settle money and forget the ledger: the first arrival in an
 * ending, a hold's capture, release or lapse, and every rise of the refunded total (ours,
 * or one found made elsewhere). The
 * refund's operator is whoever caused it (the event's `id` or `id/approver` stamp); a sale's
 * is the attempt's own.
 */
export function ledgerEntriesForTransition(
  before: AttemptBefore,
  after: { state: AttemptState; orderId: string | null; refundedMinor: number },
  eventOperator: string | null,
): NewLedgerEntry[] {
  const base = {
    source: 'card' as const,
    recordId: before.attemptId,
    orderId: after.orderId,
    merchantReferenceId: before.merchantReferenceId,
    currency: before.currency,
    brand: before.brand,
    recordCreatedAt: before.createdAt,
    detail: null,
  };
  const entries: NewLedgerEntry[] = [];
  const ending = openStates.has(before.state) ? attemptEndingKinds[after.state] : undefined;
  if (ending !== undefined) {
    entries.push({
      ...base,
      kind: ending,
      amountMinor: before.amountMinor,
      operatorId: before.operatorId,
      approverId: null,
    });
  }
  const holdEnding = holdStates.has(before.state) ? holdEndingKinds[after.state] : undefined;
  if (holdEnding !== undefined) {
    // Captured or released by whoever acted (stamped on the event); a lapse has nobody.
    const [operatorId = null, approverId = null] = eventOperator?.split('/') ?? [];
    entries.push({
      ...base,
      kind: holdEnding,
      amountMinor: before.amountMinor,
      operatorId: operatorId || null,
      approverId: approverId || null,
    });
  }
  if (after.refundedMinor > before.refundedMinor) {
    const [operatorId = null, approverId = null] = eventOperator?.split('/') ?? [];
    entries.push({
      ...base,
      kind: 'refund',
      amountMinor: after.refundedMinor - before.refundedMinor,
      // A refund found made elsewhere (merchant portal, start-up reconciling) has no operator.
      operatorId: operatorId || null,
      approverId: approverId || null,
    });
  }
  return entries;
}
