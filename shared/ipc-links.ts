import { z } from 'zod';
import { cardBrands } from './card/brands';
import { currencies } from './money/currencies';
import { transactionViewSchema } from './transaction-view';

/**
 * The payment-link channels, kept apart from shared/ipc.ts so the contract's
 * other blocks merge mechanically. The customer pays on their own phone; Paydesk creates the
 * link, sends it, follows it and shows the outcome.
 */

const text = (max: number) => z.string().max(max);
const id = text(64);
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * A link's status in Paydesk: `pending` until the customer pays (`paid`), the money is held
 * (`held`, an authorize-only link), it expires, or we cancel (delete) it. A held link then
 * ends `captured`, `released`, or `hold-expired` (the issuer let the hold lapse).
 */
export const linkStatusSchema = z.enum([
  'pending',
  'paid',
  'held',
  'expired',
  'cancelled',
  'captured',
  'released',
  'hold-expired',
]);
export type LinkStatus = z.infer<typeof linkStatusSchema>;
/** Every status but `pending`. */
export const linkFinalStatuses: readonly LinkStatus[] = linkStatusSchema.exclude([
  'pending',
]).options;
/** A held link's capture or release sent without a known answer yet (settled by Get order). */
export const linkHoldPhaseSchema = z.enum(['capture-sent', 'release-sent']);

export const linkPhoneSchema = z.strictObject({ countryCode: text(8), number: text(24) });

export const linkRequestSchema = z.strictObject({
  amount: text(32),
  currency: z.enum(currencies),
  merchantReferenceId: text(64),
  description: text(200),
  /** At least one of phone and email; the link is sent to each one given. */
  phone: linkPhoneSchema.nullable(),
  email: text(254).nullable(),
  /** Hours until the link expires (24 by default on the form). */
  expiryHours: z.number().int().min(1).max(720),
  /** Hold the money (preAuthorizeAmount) instead of taking it. */
  authorizeOnly: z.boolean(),
});
export type LinkRequest = z.infer<typeof linkRequestSchema>;

/** The order that paid or held a link, as the receipt and the screen show it. */
const linkOrderSchema = z.object({
  orderId: id,
  status: text(64),
  detailedStatus: text(64),
  authorizationCode: text(64).nullable(),
  rrn: text(64).nullable(),
  /** Taken (paid) or held (authorize-only) in minor units. */
  amountMinor: minor,
  /** First 6 and last 4 digits, as the gateway masks them; never the full number. */
  maskedCard: z
    .string()
    .regex(/^\d{6}\*{2,9}\d{4}$/)
    .nullable(),
  brand: z.enum(cardBrands).nullable(),
  holderName: text(128),
  /**
   * The gateway's transactions once a hold was captured or released (the hold receipts
   * date themselves from the Capture or Void); absent before.
   */
  transactions: z.array(transactionViewSchema).max(100).optional(),
});

export const linkViewSchema = z.object({
  linkId: id,
  paymentIntentId: id,
  url: text(500),
  merchantReferenceId: text(64),
  amountMinor: minor,
  currency: z.enum(currencies),
  description: text(200),
  phone: linkPhoneSchema.nullable(),
  email: text(254).nullable(),
  authorizeOnly: z.boolean(),
  status: linkStatusSchema,
  /** The gateway's own status word (Pending, Incomplete, Paid, Preauthorized, Expired). */
  gatewayStatus: text(32).nullable(),
  expiresAt: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** How many times the link was sent (SMS and email count apart). */
  sentCount: z.number().int().nonnegative(),
  operatorId: text(32).nullable(),
  order: linkOrderSchema.nullable(),
  /** A held link's capture or release in doubt; absent or null otherwise. */
  holdPhase: linkHoldPhaseSchema.nullable().optional(),
});
export type LinkView = z.infer<typeof linkViewSchema>;
export type LinkOrder = z.infer<typeof linkOrderSchema>;

const linkId = z.strictObject({ linkId: id });

export const linkChannels = {
  linkCreate: { channel: 'link:create', request: linkRequestSchema, response: linkViewSchema },
  /** Sends a pending link again, by the same channels. */
  linkResend: { channel: 'link:resend', request: linkId, response: linkViewSchema },
  /** Deletes a pending link at the gateway: its page refuses from then on. */
  linkCancel: { channel: 'link:cancel', request: linkId, response: linkViewSchema },
  linkGet: { channel: 'link:get', request: linkId, response: linkViewSchema },
  /** Newest first; History's Payment links filter and the open links of the Sale screen. */
  linkList: {
    channel: 'link:list',
    request: z.strictObject({
      statuses: z.array(linkStatusSchema).max(5).optional(),
      limit: z.number().int().min(1).max(500),
    }),
    response: z.object({ links: z.array(linkViewSchema) }),
  },
  /**
   * Newest first, links whose merchant reference holds `text` anywhere or whose amount is
   * `amountMinor`: History's payment search shows the payments taken by link beside its own.
   */
  linkFind: {
    channel: 'link:find',
    request: z.strictObject({
      text: z.string().trim().min(1).max(100).optional(),
      amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      limit: z.number().int().min(1).max(50),
    }),
    response: z.object({ links: z.array(linkViewSchema) }),
  },
} as const;

export const linkEvents = {
  /** A link changed: created, sent, paid, held, expired or cancelled. */
  linkUpdated: { channel: 'link:updated', payload: linkViewSchema },
} as const;
