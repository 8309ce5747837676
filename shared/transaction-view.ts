import { z } from 'zod';

/**
 * One gateway transaction of an order as the screens and receipts show it. Its own file so
 * the card contract (ipc.ts) and the payment-link contract (ipc-links.ts) share it.
 */
export const transactionViewSchema = z.object({
  type: z.string().max(64),
  status: z.string().max(64),
  amountMinor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().max(3),
  authorizationCode: z.string().max(64).nullable(),
  rrn: z.string().max(64).nullable(),
  responseCode: z.string().max(64).nullable(),
  createdAt: z.string().max(64).nullable(),
});
