import { z } from 'zod';
import { cardLengths } from '../../../shared/card/brand';
import {
  attemptStatusSchema,
  brandSchema,
  cardSourceSchema,
  currencySchema,
  orderViewSchema,
} from '../../../shared/ipc';
import { attemptStateSchema } from './attempt-state';
import { assertCardParts, assertNoCardData, storableText } from './card-data-guard';
import { JournalError } from '../platform/journal-error';
import type { AttemptPatch, JournalEvent, NewAttempt } from './journal';

/**
 * What the engine hands the journal, checked before anything is written. Identifiers must
 * fit the IPC contract's limits as they are (changing one would lose the link to the
 * gateway); free text is masked and cut to the contract's limits, so whatever was stored
 * can always be sent back through the contract.
 */

const id = z.string().min(1).max(64);
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().transform((value) => storableText(value, max));
const nullableText = (max: number) => text(max).nullable();

/** Ids only: the customer, the consent and our agreement; never the card, never a token. */
export const saveCardSchema = z.strictObject({
  customerId: id,
  consentId: id,
  agreement: z.strictObject({ id, type: z.enum(['Unscheduled', 'Recurring']) }),
});

const newAttemptSchema = z.object({
  attemptId: id,
  merchantReferenceId: z.string().max(64),
  amountMinor: minor,
  currency: currencySchema,
  brand: brandSchema.nullable(),
  first6: z.string(),
  last4: z.string(),
  holderName: text(128),
  createdAt: z.number().int().nonnegative(),
  gatewayBaseUrl: z.string().max(500).nullish(),
  merchantPublicKey: z.string().max(100).nullish(),
  operatorId: z.string().min(1).max(32).nullable().optional(),
  paymentOperation: z.enum(['Pay', 'PreAuthorize']).optional(),
  cardSource: cardSourceSchema.optional(),
  saveCard: saveCardSchema.nullish(),
});

const failureSchema = z.object({
  code: z.string().min(1).max(64),
  gatewayCode: nullableText(64),
  gatewayMessage: nullableText(500),
  correlationId: z.string().max(128).nullable(),
});

const patchSchema = z.object({
  state: attemptStateSchema.optional(),
  status: attemptStatusSchema.optional(),
  sessionId: id.nullable().optional(),
  orderId: id.nullable().optional(),
  threeDSecureId: id.nullable().optional(),
  failure: failureSchema.nullable().optional(),
  // The contract's order view has no card fields, and parsing drops keys it does not list:
  // a gateway order passed here by mistake loses its paymentMethod before it is stored.
  order: orderViewSchema.nullable().optional(),
  refundedMinor: minor.optional(),
  sessionCreatedAt: minor.nullable().optional(),
  sessionExpiresAt: minor.nullable().optional(),
  settleAfter: minor.nullable().optional(),
  heldAt: minor.nullable().optional(),
});

const eventSchema = z.object({
  step: text(64),
  outcome: text(64),
  detail: nullableText(500).optional(),
  operator: nullableText(64).optional(),
});

function parse<T extends z.ZodType>(schema: T, what: string, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // Paths only: an issue's message or input could echo the card data this guards against.
  const paths = [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
  throw new JournalError('invalid-attempt', `Invalid ${what}: ${paths.join(', ')}.`);
}

export type CheckedAttempt = z.output<typeof newAttemptSchema> & { cardLength: number };

/** Throws unless the attempt holds no more card data than brand, first 6, last 4. */
export function checkNewAttempt(attempt: NewAttempt): CheckedAttempt {
  const checked = parse(newAttemptSchema, 'attempt', attempt);
  assertCardParts(checked.first6, checked.last4);
  assertNoCardData('merchantReferenceId', checked.merchantReferenceId);
  // The card rules allow one length per brand; keep it with the attempt so the mask stays
  // right even if those rules change after the attempt was written.
  const cardLength = cardLengths(checked.brand)[0] ?? 16;
  return { ...checked, cardLength };
}

export const checkPatch = (patch: AttemptPatch) => parse(patchSchema, 'patch', patch);

export const checkEvent = (event: JournalEvent) => parse(eventSchema, 'event', event);
