import { z } from 'zod';
import { brandSchema, currencySchema } from './ipc-base';
import { transactionViewSchema } from './transaction-view';

/**
 * A sale attempt as the contract shows it: its outcome, the steps the progress screen names,
 * its failure in Paydesk's and the gateway's words, and the order (shared/ipc.ts re-exports).
 */

const text = (max: number) => z.string().max(max);
const id = text(64);
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * Endings of an attempt that charged nothing (or never got as far as Pay): the same sale may
 * be keyed again after one.
 */
export const unpaidOutcomes = [
  'declined',
  'authentication-failed',
  'cancelled',
  'expired',
  'rejected',
  'error',
] as const;

/** Final outcomes of a sale attempt: `in-doubt` until Get order settles it. */
export const outcomeSchema = z.enum([
  'paid',
  // Authorize only: the money is held, not taken, until Capture or release.
  'authorized',
  ...unpaidOutcomes,
  'in-doubt',
]);
/** What the history screen filters on: outcomes plus states only the journal knows. */
export const attemptStatusSchema = z.enum([
  ...outcomeSchema.options,
  'in-progress',
  'refunded',
  'partially-refunded',
  'voided',
  // A hold given back: released by us, or lapsed at the issuer.
  'released',
  'hold-expired',
]);

/** Steps the progress screen names, in order. */
export const saleStepSchema = z.enum([
  'creating-session',
  'checking-card',
  'customer-verification',
  'charging',
  'checking-with-bank',
  'done',
]);

export const failureSchema = z.object({
  /** Paydesk's own error code; the renderer maps it to a translated sentence. */
  code: text(64),
  /** Gateway's `responseCode.detailedResponseCode` when it gave one, e.g. `300.001`. */
  gatewayCode: text(64).nullable(),
  /** Gateway's own words, shown under ours for support. */
  gatewayMessage: text(500).nullable(),
  correlationId: text(128).nullable(),
});

export const orderViewSchema = z.object({
  orderId: id,
  status: text(64),
  detailedStatus: text(64),
  authorizationCode: text(64).nullable(),
  rrn: text(64).nullable(),
  capturedMinor: minor,
  refundedMinor: minor,
  transactions: z.array(transactionViewSchema),
});

export const cardViewSchema = z.object({
  brand: brandSchema.nullable(),
  /** First 6 and last 4 digits, the middle as asterisks. Never the full number. */
  masked: text(32),
  holderName: text(128),
});

/**
 * How the card reached the gateway: keyed in, a saved card with the customer present, or a
 * saved card charged under its agreement without the customer (merchant-initiated).
 */
export const cardSourceSchema = z.enum(['keyed', 'saved', 'merchant-initiated']);
export type CardSource = z.infer<typeof cardSourceSchema>;

export const attemptResultSchema = z.object({
  attemptId: id,
  outcome: outcomeSchema,
  amountMinor: minor,
  currency: currencySchema,
  merchantReferenceId: text(64),
  card: cardViewSchema,
  order: orderViewSchema.nullable(),
  failure: failureSchema.nullable(),
  createdAt: z.number().int(),
  /** Absent: keyed (results written before saved cards existed). */
  cardSource: cardSourceSchema.optional(),
});
