import { z } from 'zod';
import { brandSchema, currencySchema } from './ipc-base';
import { attemptStatusSchema, cardSourceSchema } from './ipc-attempts';

/** The History screen's filters and rows as they cross the bridge (see ipc.ts). */

const text = (max: number) => z.string().max(max);
const id = text(64);
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const historyFiltersSchema = z.strictObject({
  text: text(100).optional(),
  statuses: z.array(attemptStatusSchema).max(20).optional(),
  /** Inclusive range over the attempt's creation time, epoch milliseconds. */
  fromMs: z.number().int().nonnegative().optional(),
  toMs: z.number().int().nonnegative().optional(),
  amountMinor: minor.optional(),
  /** The operator who took the sale; main forces a cashier's own ID here. */
  operatorId: text(32).optional(),
});

export const historyRowSchema = z.object({
  attemptId: id,
  createdAt: z.number().int(),
  merchantReferenceId: text(64),
  orderId: id.nullable(),
  amountMinor: minor,
  currency: currencySchema,
  brand: brandSchema.nullable(),
  masked: text(32),
  holderName: text(128),
  status: attemptStatusSchema,
  refundedMinor: minor,
  /** Who took the sale; null before operators were switched on. */
  operatorId: text(32).nullable(),
  /** When the money was first seen held (Authorize only); null for one-step sales. */
  heldAt: z.number().int().nullable(),
  /** Why it ended without a charge (a failure code); absent from older stores' rows. */
  failureCode: text(64).nullable().optional(),
  /** Keyed, a saved card, or merchant-initiated; absent (keyed) in older stores' rows. */
  cardSource: cardSourceSchema.optional(),
});

/**
 * The payment that already holds a merchant reference (paid, partly refunded or still in
 * doubt): a new sale with that reference is refused with `reference-in-use` and this, so the
 * operator sees which payment it is and can open it in History.
 */
export const existingPaymentSchema = historyRowSchema.pick({
  attemptId: true,
  merchantReferenceId: true,
  orderId: true,
  amountMinor: true,
  currency: true,
  status: true,
  createdAt: true,
});

export type HistoryFilters = z.infer<typeof historyFiltersSchema>;
export type HistoryRow = z.infer<typeof historyRowSchema>;
export type ExistingPayment = z.infer<typeof existingPaymentSchema>;
