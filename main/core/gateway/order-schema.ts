import { z } from 'zod';

/**
 * The parts of the gateway's order (seed §2.6–2.8) that Paydesk reads. Lenient on unknown
 * fields (the order has dozens we ignore) and on null for what may be absent; strict on the
 * types of what we use. Card data in the order is already masked by the gateway; we still
 * never copy `paymentMethod` anywhere.
 */
const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const amount = z.number().finite().nonnegative();

export const transactionCodesSchema = z.object({
  responseCode: nullableText,
  detailedResponseCode: nullableText,
  responseMessage: nullableText,
  detailedResponseMessage: nullableText,
  acquirerCode: nullableText,
  acquirerMessage: nullableText,
});

export const gatewayTransactionSchema = z.object({
  type: z.string(),
  status: z.string(),
  amount: amount.nullish().transform((v) => v ?? 0),
  currency: nullableText,
  authorizationCode: nullableText,
  rrn: nullableText,
  codes: transactionCodesSchema.nullish().transform((v) => v ?? null),
  createdDate: nullableText,
});

/** Masked by the gateway; read only to describe a card the order saved (`cardOnFile`). */
const paymentMethodSchema = z.object({
  maskedCardNumber: z.string().nullish().catch(null),
  brand: z.string().nullish().catch(null),
  expiryDate: z
    .object({ month: z.coerce.number().int(), year: z.coerce.number().int() })
    .nullish()
    .catch(null),
});

export const gatewayOrderSchema = z.object({
  orderId: z.string().min(1),
  amount,
  currency: z.string(),
  status: z.string(),
  detailedStatus: z.string(),
  merchantReferenceId: nullableText,
  threeDSecureId: nullableText,
  totalCapturedAmount: amount.nullish().transform((v) => v ?? 0),
  totalRefundedAmount: amount.nullish().transform((v) => v ?? 0),
  transactions: z
    .array(gatewayTransactionSchema)
    .nullish()
    .transform((v) => v ?? []),
  cardOnFile: z.boolean().nullish().catch(null),
  /** A token the gateway issued for this order's card: a secret of the merchant account. */
  tokenId: z.string().nullish().catch(null),
  paymentMethod: paymentMethodSchema.nullish().catch(null),
});

export type GatewayOrder = z.infer<typeof gatewayOrderSchema>;
export type GatewayTransaction = z.infer<typeof gatewayTransactionSchema>;
