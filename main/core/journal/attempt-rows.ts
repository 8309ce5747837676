import { z } from 'zod';
import {
  attemptStatusSchema,
  brandSchema,
  cardSourceSchema,
  currencySchema,
  orderViewSchema,
} from '../../../shared/ipc';
import { attemptStateSchema } from './attempt-state';
import type { AttemptRecord } from './journal';
import { saveCardSchema } from './journal-inputs';

/**
 * Rows read back from the file are parsed like any other input: the file may be old,
 * damaged or edited, and a row that does not fit the contract must fail here, not later
 * in the renderer.
 */

const nullableText = z.string().nullable();
const integer = z.number().int();

/** The columns the history list and the CSV export need (no order snapshot). */
export const summaryColumns = `attempt_id, created_at, merchant_reference_id, order_id,
  amount_minor, currency, brand, first6, last4, card_length, holder_name, status,
  refunded_minor, failure_code, gateway_code, correlation_id, operator_id, held_at, card_source`;

const summaryRowSchema = z
  .object({
    attempt_id: z.string(),
    created_at: integer,
    merchant_reference_id: z.string(),
    order_id: nullableText,
    amount_minor: integer,
    currency: currencySchema,
    brand: brandSchema.nullable(),
    first6: z.string(),
    last4: z.string(),
    card_length: integer,
    holder_name: z.string(),
    status: attemptStatusSchema,
    refunded_minor: integer,
    failure_code: nullableText,
    gateway_code: nullableText,
    correlation_id: nullableText,
    operator_id: nullableText,
    held_at: integer.nullable(),
    // Absent from the store's rows, which predate saved cards.
    card_source: cardSourceSchema.optional(),
  })
  .transform((row) => ({
    attemptId: row.attempt_id,
    createdAt: row.created_at,
    merchantReferenceId: row.merchant_reference_id,
    orderId: row.order_id,
    amountMinor: row.amount_minor,
    currency: row.currency,
    brand: row.brand,
    first6: row.first6,
    last4: row.last4,
    cardLength: row.card_length,
    holderName: row.holder_name,
    status: row.status,
    refundedMinor: row.refunded_minor,
    failureCode: row.failure_code,
    gatewayCode: row.gateway_code,
    correlationId: row.correlation_id,
    operatorId: row.operator_id,
    heldAt: row.held_at,
    cardSource: row.card_source ?? 'keyed',
  }));

export type AttemptSummary = z.output<typeof summaryRowSchema>;

export const parseSummaryRow = (row: unknown): AttemptSummary => summaryRowSchema.parse(row);

/** Every column: what `get`, `result` and `detail` read. */
export const recordColumns = `${summaryColumns}, session_id, three_ds_secure_id, state,
  gateway_message, order_json, updated_at, gateway_base_url, merchant_public_key,
  session_created_at, session_expires_at, settle_after, payment_operation, save_card_json`;

/** A JSON text column read back through `schema` (null stays null). */
const jsonColumn = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .nullable()
    .transform((text, context) => {
      if (text === null) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'the column is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema.nullable());

const orderJsonSchema = jsonColumn(orderViewSchema);

const recordRowSchema = z.object({
  session_id: nullableText,
  three_ds_secure_id: nullableText,
  state: attemptStateSchema,
  gateway_message: nullableText,
  order_json: orderJsonSchema,
  updated_at: integer,
  gateway_base_url: nullableText,
  merchant_public_key: nullableText,
  session_created_at: integer.nullable(),
  session_expires_at: integer.nullable(),
  settle_after: integer.nullable(),
  payment_operation: z.enum(['Pay', 'PreAuthorize']),
  save_card_json: jsonColumn(saveCardSchema),
});

/** The stored attempt, with the card length the mask needs. */
export type StoredAttempt = AttemptRecord & { cardLength: number };

export function parseRecordRow(row: unknown): StoredAttempt {
  const summary = parseSummaryRow(row);
  const rest = recordRowSchema.parse(row);
  return {
    attemptId: summary.attemptId,
    merchantReferenceId: summary.merchantReferenceId,
    amountMinor: summary.amountMinor,
    currency: summary.currency,
    brand: summary.brand,
    first6: summary.first6,
    last4: summary.last4,
    cardLength: summary.cardLength,
    holderName: summary.holderName,
    createdAt: summary.createdAt,
    operatorId: summary.operatorId,
    paymentOperation: rest.payment_operation,
    heldAt: summary.heldAt,
    state: rest.state,
    status: summary.status,
    sessionId: rest.session_id,
    orderId: summary.orderId,
    threeDSecureId: rest.three_ds_secure_id,
    failure:
      summary.failureCode === null
        ? null
        : {
            code: summary.failureCode,
            gatewayCode: summary.gatewayCode,
            gatewayMessage: rest.gateway_message,
            correlationId: summary.correlationId,
          },
    order: rest.order_json,
    refundedMinor: summary.refundedMinor,
    updatedAt: rest.updated_at,
    gatewayBaseUrl: rest.gateway_base_url,
    merchantPublicKey: rest.merchant_public_key,
    sessionCreatedAt: rest.session_created_at,
    sessionExpiresAt: rest.session_expires_at,
    settleAfter: rest.settle_after,
    cardSource: summary.cardSource,
    saveCard: rest.save_card_json,
  };
}
