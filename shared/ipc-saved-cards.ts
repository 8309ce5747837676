import { z } from 'zod';
import { currencySchema } from './ipc-base';
import { attemptResultSchema } from './ipc-attempts';

const text = (max: number) => z.string().max(max);
const id = text(64);

/**
 * What a keyed sale adds to save its card for this customer, who agreed to it (the consent
 * words were read to them): the sale asks the gateway for a token under a new agreement of
 * `agreementType`.
 */
export const saveCardRequestSchema = z.strictObject({
  customerId: id,
  agreementType: z.enum(['Unscheduled', 'Recurring']),
  consentLanguage: z.enum(['en', 'ar']),
  consentConfirmed: z.literal(true),
});

/**
 * A payment with a customer's saved card: the card is named by the customer and card ids,
 * never by its token (a secret of the merchant account that never reaches the renderer).
 */
export const savedSaleRequestSchema = z.strictObject({
  amount: text(32),
  currency: currencySchema,
  merchantReferenceId: text(64),
  customerId: id,
  cardId: id,
  /** Customer present only, when the merchant's rules require it; never kept anywhere. */
  cvv: text(8).nullable(),
  /** Hold the money only (PreAuthorize), as a keyed sale can. */
  authorizeOnly: z.boolean().optional(),
});
export type SavedSaleRequest = z.infer<typeof savedSaleRequestSchema>;

/** The merchant's token settings as the gateway's configuration states them. */
export const savedCardRulesSchema = z.object({
  tokenizationEnabled: z.boolean(),
  cvvRequired: z.boolean(),
  threeDsRequired: z.boolean(),
  merchantInitiatedAllowed: z.boolean(),
  /** Null when the gateway could not be read; the screen then offers nothing new. */
  readAt: z.number().nullable(),
});
export type SavedCardRules = z.infer<typeof savedCardRulesSchema>;

export const savedCardChannels = {
  /** The customer present (at the counter or on the phone): token 3-D Secure, CVV if required. */
  salePaySaved: {
    channel: 'sale:pay-saved',
    request: savedSaleRequestSchema,
    response: attemptResultSchema,
  },
  /** Merchant-initiated: charged under the card's agreement, the customer not present. */
  saleChargeSaved: {
    channel: 'sale:charge-saved',
    request: savedSaleRequestSchema,
    response: attemptResultSchema,
  },
  savedCardRules: {
    channel: 'sale:saved-card-rules',
    request: z.strictObject({}),
    response: savedCardRulesSchema,
  },
} as const;
