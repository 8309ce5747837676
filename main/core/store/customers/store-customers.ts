import { z } from 'zod';
import { agreementTypeSchema } from '../../../../shared/ipc-customers';
import type { CustomerMatch } from '../../customers/customer-sql';
import type { StoreQueryable } from '../store-pool';

/**
 * Customers and saved cards as the store keeps them for the counters of one merchant account
 * (store step 15): every call goes through one of the store's functions, which takes the
 * counter from the login and its merchant account from IT's binding, and refuses a counter
 * whose own settings name another account. `merchant` is that setting (the gateway's merchant
 * public key): the store compares it, it does not trust it.
 */

/** Who asks: the counter (the login must be its role) and the account its settings name. */
export interface CustomersCaller {
  counterId: string;
  merchant: string;
}

/** The store's refusal, by the code the operator is told (customer-failures, store-failures). */
export class StoreCustomerRefusal extends Error {
  constructor(
    readonly code:
      | 'customer-not-found'
      | 'customer-invalid'
      | 'saved-card-not-found'
      | 'store-merchant-unset'
      | 'store-merchant-mismatch'
      | 'store-refused',
  ) {
    super(`the store refused: ${code}`);
    this.name = 'StoreCustomerRefusal';
  }
}

const refusals: Record<string, StoreCustomerRefusal['code']> = {
  'customer-not-found': 'customer-not-found',
  'customer-invalid': 'customer-invalid',
  'saved-card-not-found': 'saved-card-not-found',
  'counter-without-merchant': 'store-merchant-unset',
  'merchant-mismatch': 'store-merchant-mismatch',
  // A consent of another customer, or an agreement it did not give: nothing is saved.
  'consent-not-found': 'store-refused',
  'invalid-request': 'store-refused',
};

const refusalOf = (error: unknown): unknown => {
  const found = /^paydesk:([a-z-]+)$/.exec(error instanceof Error ? error.message : '');
  const code = found?.[1] === undefined ? undefined : refusals[found[1]];
  return code === undefined ? error : new StoreCustomerRefusal(code);
};

async function call<R extends Record<string, unknown>>(
  db: StoreQueryable,
  sql: string,
  values: unknown[],
): Promise<R | undefined> {
  try {
    return (await db.query<R>(sql, values)).rows[0];
  } catch (error) {
    throw refusalOf(error);
  }
}

/** A kept card as the store lists it: never its token. */
export const storedCardSchema = z.object({
  cardId: z.string(),
  brand: z.string().nullable(),
  maskedCard: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  state: z.enum(['usable', 'expired', 'refused']),
  agreementId: z.string().nullable(),
  agreementType: agreementTypeSchema.nullable(),
  savedAt: z.number(),
  savedBy: z.string().nullable(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

export const storedCustomerSchema = z.object({
  customerId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string(),
  createdAt: z.number(),
  cards: z.array(storedCardSchema),
});
export type StoredCustomer = z.infer<typeof storedCustomerSchema>;

/** The token of one kept card, for a payment: only `savedCardToken` returns it. */
export const storedTokenSchema = z.object({
  tokenId: z.string().min(1),
  maskedCard: z.string(),
  brand: z.string().nullable(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  agreementId: z.string().nullable(),
  agreementType: agreementTypeSchema.nullable(),
  state: z.enum(['usable', 'expired', 'refused']),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

export interface StoredCustomerDetails {
  name: string;
  phone: string | null;
  email: string | null;
  notes: string;
}

export interface StoredTokenFacts {
  attemptId: string;
  customerId: string;
  consentId: string;
  agreementId: string;
  operator: string | null;
  token: {
    tokenId: string;
    maskedCard: string;
    brand: string | null;
    expiryMonth: number;
    expiryYear: number;
  };
}

const customersOf = (value: unknown) => z.array(storedCustomerSchema).parse(value);

/** Newest first: customers whose name, phone or a kept card's last 4 match. */
export async function searchStoredCustomers(
  db: StoreQueryable,
  caller: CustomersCaller,
  match: CustomerMatch,
  limit: number,
): Promise<StoredCustomer[]> {
  const row = await call<{ found: unknown }>(
    db,
    'SELECT paydesk_customer_search($1, $2, $3, $4, $5, $6) AS found',
    [caller.counterId, caller.merchant, match.name, match.phoneDigits, match.last4, limit],
  );
  return customersOf(row?.found ?? []);
}

/** One customer of the caller's merchant; null when there is none by that id. */
export async function getStoredCustomer(
  db: StoreQueryable,
  caller: CustomersCaller,
  customerId: string,
): Promise<StoredCustomer | null> {
  const row = await call<{ found: unknown }>(
    db,
    'SELECT paydesk_customer_get($1, $2, $3) AS found',
    [caller.counterId, caller.merchant, customerId],
  );
  return row?.found == null ? null : storedCustomerSchema.parse(row.found);
}

/** Adds a customer (a null id) or replaces one's details. */
export async function saveStoredCustomer(
  db: StoreQueryable,
  caller: CustomersCaller,
  customerId: string | null,
  details: StoredCustomerDetails,
  operator: string | null,
): Promise<StoredCustomer> {
  const row = await call<{ saved: unknown }>(
    db,
    'SELECT paydesk_customer_save($1, $2, $3, $4, $5, $6, $7, $8) AS saved',
    [
      caller.counterId,
      caller.merchant,
      customerId,
      details.name,
      details.phone,
      details.email,
      details.notes,
      operator,
    ],
  );
  return storedCustomerSchema.parse(row?.saved);
}

/** Deletes a customer and every card kept for them; how many cards went. */
export async function deleteStoredCustomer(
  db: StoreQueryable,
  caller: CustomersCaller,
  customerId: string,
  operator: string | null,
): Promise<number> {
  const row = await call<{ removed: number }>(
    db,
    'SELECT paydesk_customer_delete($1, $2, $3, $4) AS removed',
    [caller.counterId, caller.merchant, customerId, operator],
  );
  return z.number().int().parse(row?.removed);
}

/** Records what the customer agreed to; the store makes the consent's and agreement's ids. */
export async function recordStoredConsent(
  db: StoreQueryable,
  caller: CustomersCaller,
  consent: {
    customerId: string;
    operator: string | null;
    language: 'en' | 'ar';
    text: string;
    agreementType: 'Unscheduled' | 'Recurring';
  },
): Promise<{ consentId: string; agreementId: string }> {
  const row = await call<{ consent_id: string; agreement_id: string }>(
    db,
    'SELECT consent_id, agreement_id FROM paydesk_record_card_consent($1, $2, $3, $4, $5, $6, $7)',
    [
      caller.counterId,
      caller.merchant,
      consent.customerId,
      consent.operator,
      consent.language,
      consent.text,
      consent.agreementType,
    ],
  );
  return z
    .object({ consent_id: z.string(), agreement_id: z.string() })
    .transform((made) => ({ consentId: made.consent_id, agreementId: made.agreement_id }))
    .parse(row);
}

/**
 * Keeps the token a sale's order carried (as customers/saved-card-rules.ts `keptToken` let
 * it through); the same sale again returns the same card, the same token for the same
 * customer renews its card.
 */
export async function saveStoredCard(
  db: StoreQueryable,
  caller: CustomersCaller,
  facts: StoredTokenFacts,
): Promise<string> {
  const { token } = facts;
  const row = await call<{ card_id: string }>(
    db,
    `SELECT paydesk_save_card($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) AS card_id`,
    [
      caller.counterId,
      caller.merchant,
      facts.attemptId,
      facts.customerId,
      facts.consentId,
      facts.agreementId,
      facts.operator,
      token.tokenId,
      token.maskedCard,
      token.brand,
      token.expiryMonth,
      token.expiryYear,
    ],
  );
  return z.string().parse(row?.card_id);
}

/** The token of one kept card of one customer of the caller's merchant; null if none. */
export async function storedCardToken(
  db: StoreQueryable,
  caller: CustomersCaller,
  customerId: string,
  cardId: string,
): Promise<StoredToken | null> {
  const row = await call<Record<string, unknown>>(
    db,
    'SELECT * FROM paydesk_saved_card_token($1, $2, $3, $4)',
    [caller.counterId, caller.merchant, customerId, cardId],
  );
  if (row === undefined) return null;
  return storedTokenSchema.parse({
    tokenId: row.token_id,
    maskedCard: row.masked_card,
    brand: row.brand,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    agreementId: row.agreement_id,
    agreementType: row.agreement_type,
    state: row.state,
  });
}

/** The gateway refused a kept card's token, or said its card expired: not offered again. */
export async function markStoredCardRefused(
  db: StoreQueryable,
  caller: CustomersCaller,
  refusal: { customerId: string; cardId: string; code: string; expired: boolean },
): Promise<void> {
  await call(db, 'SELECT paydesk_saved_card_refused($1, $2, $3, $4, $5, $6)', [
    caller.counterId,
    caller.merchant,
    refusal.customerId,
    refusal.cardId,
    refusal.code,
    refusal.expired,
  ]);
}

/** Removes one kept card (its token goes; the store keeps who, where, when and why). */
export async function removeStoredCard(
  db: StoreQueryable,
  caller: CustomersCaller,
  removal: { customerId: string; cardId: string; operator: string | null; why: string },
): Promise<StoredCustomer> {
  const row = await call<{ customer: unknown }>(
    db,
    'SELECT paydesk_remove_saved_card($1, $2, $3, $4, $5, $6) AS customer',
    [
      caller.counterId,
      caller.merchant,
      removal.customerId,
      removal.cardId,
      removal.operator,
      removal.why,
    ],
  );
  return storedCustomerSchema.parse(row?.customer);
}
