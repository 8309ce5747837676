import { z } from 'zod';
import { gatewayOrderSchema } from '../gateway/order-schema';
import { gatewaySend, type CallTarget } from '../gateway/json-call';
import type { GatewayTimeouts } from '../gateway/timeouts';

/** The e-invoice payment intent as Paydesk reads it (GATEWAY-MORE.md §2.3); lenient elsewhere. */
const paymentIntentSchema = z.object({
  paymentIntentId: z.string().min(1).max(64),
  link: z.url().max(500),
  status: z.string().max(32),
  orders: z
    .array(z.object({ orderId: z.string().min(1).max(64) }))
    .nullish()
    .transform((orders) => orders ?? []),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

const intentResponseSchema = z.object({ paymentIntent: paymentIntentSchema });
// Delete answers a null paymentIntent (AND KDoc); only the codes matter.
const deleteResponseSchema = z.object({});

/**
 * A link's order with the card as the gateway masked it: the customer typed the card on
 * their own phone, so this is the only place Paydesk learns which card paid. Only the mask,
 * brand and holder are read.
 */
const linkOrderSchema = gatewayOrderSchema.extend({
  paymentMethod: z
    .object({
      maskedCardNumber: z.string().max(32).nullish(),
      brand: z.string().max(32).nullish(),
      cardholderName: z.string().max(128).nullish(),
    })
    .nullish(),
});
export type LinkGatewayOrder = z.infer<typeof linkOrderSchema>;
const linkOrderResponseSchema = z.object({ order: linkOrderSchema });

/** What Paydesk asks the gateway to create (GATEWAY-MORE.md §2.2). */
export interface LinkCreateInput {
  amount: number;
  currency: string;
  merchantReferenceId: string;
  description: string;
  phone: { countryCode: string; number: string } | null;
  email: string | null;
  /** ISO 8601 with offset. */
  expiryDate: string;
  authorizeOnly: boolean;
  language: 'en' | 'ar';
}

const base = '/payment-intent/api/v1/direct/eInvoice';
const id = (paymentIntentId: string) => encodeURIComponent(paymentIntentId);

export type LinkClient = ReturnType<typeof createLinkClient>;

/** The e-invoice calls Paydesk makes; every method resolves to a GatewayResult, none throws. */
export function createLinkClient(target: CallTarget, timeouts: GatewayTimeouts) {
  const call = gatewaySend(target, timeouts);

  return {
    create: (input: LinkCreateInput) =>
      call('link-create', 'POST', base, intentResponseSchema, {
        amount: input.amount,
        currency: input.currency,
        language: input.language,
        expiryDate: input.expiryDate,
        customer: {
          email: input.email,
          phoneNumber: input.phone?.number ?? null,
          phoneCountryCode: input.phone?.countryCode ?? null,
        },
        eInvoiceDetails: {
          preAuthorizeAmount: input.authorizeOnly,
          merchantReferenceId: input.merchantReferenceId,
          eInvoiceItems: [{ description: input.description, price: input.amount, quantity: 1 }],
        },
      }),
    send: (paymentIntentId: string, channel: 'sms' | 'email') =>
      call(
        'link-send',
        'POST',
        `${base}/${id(paymentIntentId)}/${channel === 'sms' ? 'sendBySms' : 'sendByEmail'}`,
        intentResponseSchema,
        {},
      ),
    get: (paymentIntentId: string) =>
      call('link-get', 'GET', `${base}/${id(paymentIntentId)}`, intentResponseSchema),
    remove: (paymentIntentId: string) =>
      call('link-delete', 'DELETE', `${base}/${id(paymentIntentId)}`, deleteResponseSchema),
    order: (orderId: string) =>
      call(
        'order',
        'GET',
        `/pgw/api/v1/direct/order/${encodeURIComponent(orderId)}`,
        linkOrderResponseSchema,
      ),
  };
}
