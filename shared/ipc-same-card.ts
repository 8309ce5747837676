import { z } from 'zod';
import { approverSchema } from './ipc-security';
import { currencySchema } from './ipc-base';

const text = (max: number) => z.string().max(max);

/**
 * A payment of this counter whose outcome is not known yet: still running, or in doubt (Pay
 * left without an answer). Card data is the mask only (first 6 and last 4).
 */
export const unsettledPaymentSchema = z.object({
  attemptId: text(64),
  merchantReferenceId: text(64),
  amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: currencySchema,
  masked: text(32),
  status: z.enum(['in-doubt', 'in-progress']),
  createdAt: z.number().int(),
});
export type UnsettledPayment = z.infer<typeof unsettledPaymentSchema>;

/**
 * What the operator chose when a new sale met a payment in doubt with the same card and
 * amount: charge the card again beside it (with a supervisor's approval where operators are
 * on), or keep the sale from going on.
 */
export const sameCardChoiceSchema = z.enum(['charge-again', 'do-not-charge']);
export type SameCardChoice = z.infer<typeof sameCardChoiceSchema>;

/**
 * The guard against a second charge while the first is in doubt: the list the sale form
 * shows and checks, and the operator's choice when it stops a sale.
 */
export const sameCardChannels = {
  saleUnsettled: {
    channel: 'sale:unsettled',
    request: z.strictObject({}),
    /** Newest first; this counter's journal only. */
    response: z.object({ payments: z.array(unsettledPaymentSchema) }),
  },
  saleSameCardChoice: {
    channel: 'sale:same-card-choice',
    /**
     * `charge-again` lets the next sale with that card and amount go on while `attemptId`
     * is unsettled (once, for a few minutes); the choice is written to the audit trail.
     */
    request: z.strictObject({
      attemptId: text(64),
      choice: sameCardChoiceSchema,
      approver: approverSchema.optional(),
    }),
    response: z.object({ allowed: z.boolean() }),
  },
} as const;
