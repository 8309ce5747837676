import { z } from 'zod';
import { gatewayOrderSchema } from './order-schema';

const nullableText = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** The four code fields every business answer carries (seed §2.4, §2.5). */
export const codesSchema = z.object({
  responseCode: z.string(),
  detailedResponseCode: nullableText,
  responseMessage: nullableText,
  detailedResponseMessage: nullableText,
});

/** ASP.NET problem details (GATEWAY.md "Errors"); every member optional. */
export const problemDetailsSchema = z.object({
  title: nullableText.catch(null),
  traceId: nullableText.catch(null),
  errors: z.record(z.string(), z.array(z.string())).nullish().catch(null),
});

export const sessionResponseSchema = z.object({
  session: z.object({
    id: z.string().min(1),
    expiryDate: nullableText,
  }),
});

/**
 * Initiate Authentication and Authenticate Payer carry their HTML under either name
 * (GATEWAY.md: read either); the decision tells the engine which branch to take.
 */
const htmlFields = { htmlBodyContent: nullableText, redirectHtml: nullableText };
const pickHtml = <T extends { htmlBodyContent: string | null; redirectHtml: string | null }>({
  htmlBodyContent,
  redirectHtml,
  ...rest
}: T) => ({ ...rest, html: htmlBodyContent || redirectHtml || null });

export const initiateResponseSchema = z
  .object({
    orderId: z.string().min(1),
    threeDSecureId: nullableText,
    gatewayDecision: z.string().min(1),
    ...htmlFields,
  })
  .transform(pickHtml);

export const payerResponseSchema = z
  .object({
    orderId: nullableText,
    threeDSecureId: z.string().min(1),
    gatewayDecision: nullableText,
    ...htmlFields,
  })
  .transform(pickHtml);

/** Pay, Get order, Refund and Cancel all answer with the order. */
export const orderResponseSchema = z.object({ order: gatewayOrderSchema });
/** Official clients read no order from Cancel's answer (GATEWAY-MORE.md §3.3). */
export const cancelResponseSchema = z.object({ order: gatewayOrderSchema.nullish().catch(null) });
/** A refusal may still carry the order (a declined Pay does) or a decision (Reject). */
export const refusalSchema = z.object({
  order: gatewayOrderSchema.nullish().catch(null),
  gatewayDecision: nullableText.catch(null),
});

export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type InitiateResponse = z.infer<typeof initiateResponseSchema>;
export type PayerResponse = z.infer<typeof payerResponseSchema>;
export type OrderResponse = z.infer<typeof orderResponseSchema>;
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
