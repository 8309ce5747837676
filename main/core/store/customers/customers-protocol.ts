import { z } from 'zod';
import { agreementTypeSchema } from '../../../../shared/ipc-customers';
import { storedCustomerSchema, storedTokenSchema } from './store-customers';

/**
 * The store thread's messages for customers and saved cards (store step 15), spread into
 * store-protocol.ts: the main process asks, the store thread (which owns the pool) runs the
 * store's function. Each names the merchant account the counter's settings hold, which the
 * store compares with the one IT bound the counter to. A token id crosses to the thread and
 * back in memory only, on its way between the store and the payment engine.
 */
const id = z.number().int();
const key = z.string().min(1).max(64);
const merchant = z.string().min(1).max(256);
const operator = z.string().max(64).nullable();

export const customerRequestSchemas = [
  z.strictObject({
    id,
    op: z.literal('customerSearch'),
    merchant,
    match: z.strictObject({
      name: z.string().max(128),
      phoneDigits: z
        .string()
        .regex(/^[0-9]{1,15}$/)
        .nullable(),
      last4: z
        .string()
        .regex(/^[0-9]{4}$/)
        .nullable(),
    }),
    limit: z.number().int().min(1).max(200),
  }),
  z.strictObject({ id, op: z.literal('customerGet'), merchant, customerId: key }),
  z.strictObject({
    id,
    op: z.literal('customerSave'),
    merchant,
    customerId: key.nullable(),
    name: z.string().min(1).max(128),
    phone: z.string().max(24).nullable(),
    email: z.string().max(254).nullable(),
    notes: z.string().max(1000),
    operator,
  }),
  z.strictObject({ id, op: z.literal('customerDelete'), merchant, customerId: key, operator }),
  z.strictObject({
    id,
    op: z.literal('consentRecord'),
    merchant,
    customerId: key,
    operator,
    language: z.enum(['en', 'ar']),
    text: z.string().min(1).max(4000),
    agreementType: agreementTypeSchema,
  }),
  z.strictObject({
    id,
    op: z.literal('cardSave'),
    merchant,
    attemptId: key,
    customerId: key,
    consentId: key,
    agreementId: key,
    operator,
    token: z.strictObject({
      tokenId: z.string().min(1).max(256),
      maskedCard: z.string().min(4).max(32),
      brand: z.string().max(32).nullable(),
      expiryMonth: z.number().int().min(1).max(12),
      expiryYear: z.number().int().min(2000).max(2200),
    }),
  }),
  z.strictObject({ id, op: z.literal('cardToken'), merchant, customerId: key, cardId: key }),
  z.strictObject({
    id,
    op: z.literal('cardRefused'),
    merchant,
    customerId: key,
    cardId: key,
    code: z.string().max(64),
    expired: z.boolean(),
  }),
  z.strictObject({
    id,
    op: z.literal('cardRemove'),
    merchant,
    customerId: key,
    cardId: key,
    operator,
    why: z.string().max(200),
  }),
] as const;

export const customerValueSchemas = {
  customerSearch: z.array(storedCustomerSchema),
  customerGet: storedCustomerSchema.nullable(),
  customerSave: storedCustomerSchema,
  customerDelete: z.object({ deletedCards: z.number().int().nonnegative() }),
  consentRecord: z.object({ consentId: z.string(), agreementId: z.string() }),
  cardSave: z.object({ cardId: z.string() }),
  cardToken: storedTokenSchema.nullable(),
  cardRefused: z.object({}),
  cardRemove: storedCustomerSchema,
} as const;
