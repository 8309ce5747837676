import { z } from 'zod';
import { failureSchema } from './ipc-attempts';
import { approverSchema } from './ipc-security';

/**
 * Acting on another counter's payment from the app, spread into shared/ipc.ts
 * like the store channels. Refused before anything is sent (nothing left, store offline,
 * Training selected) is an error, as for a counter's own refund; what the gateway did is
 * the outcome.
 */
export const storeRefundResultSchema = z.object({
  outcome: z.enum(['refunded', 'refused', 'in-doubt', 'error']),
  /** What this refund gave back (minor units of the payment's currency). */
  amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  failure: failureSchema.nullable(),
});
export type StoreRefundResult = z.infer<typeof storeRefundResultSchema>;

/** A capture or release of another counter's hold: its ending, or why nothing changed. */
export const storeHoldResultSchema = z.object({
  outcome: z.enum(['captured', 'released', 'refused', 'in-doubt', 'error']),
  failure: failureSchema.nullable(),
});
export type StoreHoldResult = z.infer<typeof storeHoldResultSchema>;

const holdRequest = z.strictObject({
  attemptId: z.string().max(64),
  approver: approverSchema.optional(),
});

export const claimChannels = {
  storeRefund: {
    channel: 'store:refund',
    /** A payment of another counter, by its attempt ID in the store. No amount: what is left. */
    request: z.strictObject({
      attemptId: z.string().max(64),
      amount: z.string().max(32).optional(),
      approver: approverSchema.optional(),
    }),
    response: storeRefundResultSchema,
  },
  /** Takes another counter's hold in full (one capture per hold, whichever counter sends it). */
  storeCapture: { channel: 'store:capture', request: holdRequest, response: storeHoldResultSchema },
  /** Gives another counter's hold back. */
  storeRelease: { channel: 'store:release', request: holdRequest, response: storeHoldResultSchema },
} as const;
