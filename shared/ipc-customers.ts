import { z } from 'zod';

/**
 * The customers directory's channels: customers a phone-order agent serves again, and the
 * cards they agreed to keep on file. A saved card crosses the bridge as brand, mask and
 * expiry only: the gateway's token id is a secret of the merchant account and stays in main.
 */

const text = (max: number) => z.string().max(max);
const id = text(64);

export const agreementTypeSchema = z.enum(['Unscheduled', 'Recurring']);
export type AgreementType = z.infer<typeof agreementTypeSchema>;

/**
 * `usable` can be offered; `expired`: its expiry month has passed by the clock; `refused`:
 * the gateway refused it as a token. Neither of the last two is ever offered for a payment.
 */
export const savedCardStateSchema = z.enum(['usable', 'expired', 'refused']);
export type SavedCardState = z.infer<typeof savedCardStateSchema>;

export const savedCardViewSchema = z.object({
  cardId: id,
  brand: text(32).nullable(),
  last4: text(4),
  /** First 6 + last 4, as the gateway masks it. */
  maskedCard: text(32),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  state: savedCardStateSchema,
  /** The agreement merchant-initiated payments name; null for a card saved without one. */
  agreement: z.object({ type: agreementTypeSchema, id: text(64) }).nullable(),
  savedAt: z.number(),
  /** The operator who took the sale that saved it (null when operators are off). */
  savedBy: text(64).nullable(),
});
export type SavedCardView = z.infer<typeof savedCardViewSchema>;

export const customerViewSchema = z.object({
  customerId: id,
  name: text(128),
  /** E.164 (`+966501234567`). */
  phone: text(24).nullable(),
  email: text(254).nullable(),
  notes: text(1000),
  createdAt: z.number(),
  cards: z.array(savedCardViewSchema),
});
export type CustomerView = z.infer<typeof customerViewSchema>;

export const customerSaveRequestSchema = z.strictObject({
  /** Absent: a new customer; present: that customer's details are replaced. */
  customerId: id.optional(),
  name: text(128),
  /** As typed; an empty country code is the store's own (the merchantCountry setting). */
  phone: z.strictObject({ countryCode: text(8), number: text(24) }).nullable(),
  email: text(254).nullable(),
  notes: text(1000),
});
export type CustomerSaveRequest = z.infer<typeof customerSaveRequestSchema>;

/** Why a supervisor deletes or removes, in their words, for the audit trail (optional). */
const reason = text(200).optional();

export const customerChannels = {
  customerSearch: {
    channel: 'customers:search',
    /** Matches names, phones and a card's last 4; an empty query lists the newest customers. */
    request: z.strictObject({ query: text(128) }),
    response: z.object({ customers: z.array(customerViewSchema) }),
  },
  customerGet: {
    channel: 'customers:get',
    request: z.strictObject({ customerId: id }),
    response: customerViewSchema,
  },
  customerSave: {
    channel: 'customers:save',
    request: customerSaveRequestSchema,
    response: customerViewSchema,
  },
  customerDelete: {
    channel: 'customers:delete',
    /** Deletes the customer and every token Paydesk kept for them; audited. */
    request: z.strictObject({ customerId: id, confirmed: z.literal(true), reason }),
    response: z.object({ deletedCards: z.number().int().nonnegative() }),
  },
  savedCardRemove: {
    channel: 'customers:card-remove',
    /** Audited with the operator, the card's mask and the reason given. */
    request: z.strictObject({ customerId: id, cardId: id, confirmed: z.literal(true), reason }),
    response: customerViewSchema,
  },
} as const;
