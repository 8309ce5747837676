import type { StatementSync } from 'node:sqlite';
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

/**
 * The columns the history list and the CSV export need (no order snapshot), in the order
 * they are selected, which is also the order of a row read as an array.
 */
const summaryFields = {
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
};
export const summaryColumns = Object.keys(summaryFields).join(', ');

const summaryRowSchema = z.object(summaryFields).transform((row) => ({
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

/**
 * The same columns read as an array (`setReturnArrays`), each checked by the same schema:
 * SQLite hands over an array for less than an object, which a million-row export reads a
 * million times.
 */
const f = summaryFields;
const summaryCells = z.tuple([
  f.attempt_id,
  f.created_at,
  f.merchant_reference_id,
  f.order_id,
  f.amount_minor,
  f.currency,
  f.brand,
  f.first6,
  f.last4,
  f.card_length,
  f.holder_name,
  f.status,
  f.refunded_minor,
  f.failure_code,
  f.gateway_code,
  f.correlation_id,
  f.operator_id,
  f.held_at,
  f.card_source,
]);
type SummaryCells = z.output<typeof summaryCells>;

const summaryOfCells = (cells: SummaryCells) => ({
  attemptId: cells[0],
  createdAt: cells[1],
  merchantReferenceId: cells[2],
  orderId: cells[3],
  amountMinor: cells[4],
  currency: cells[5],
  brand: cells[6],
  first6: cells[7],
  last4: cells[8],
  cardLength: cells[9],
  holderName: cells[10],
  status: cells[11],
  refundedMinor: cells[12],
  failureCode: cells[13],
  gatewayCode: cells[14],
  correlationId: cells[15],
  operatorId: cells[16],
  heldAt: cells[17],
  cardSource: cells[18] ?? 'keyed',
});
const summaryArraySchema = summaryCells.transform(summaryOfCells);

export type AttemptSummary = z.output<typeof summaryRowSchema>;

export const parseSummaryRow = (row: unknown): AttemptSummary => summaryRowSchema.parse(row);

/** Makes `statement` (it selects `summaryColumns`) return arrays, for `parseSummaryArray`. */
export function summaryArrays(statement: StatementSync): StatementSync {
  statement.setReturnArrays(true);
  return statement;
}

const statuses = new Set<unknown>(attemptStatusSchema.options);
const currencies = new Set<unknown>(currencySchema.options);
const brands = new Set<unknown>([...brandSchema.options, null]);
const cardSources = new Set<unknown>(cardSourceSchema.options);
const isText = (value: unknown) => typeof value === 'string';
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * True when every cell is what `summaryCells` accepts, checked inline: zod's generic walk
 * costs about 3 µs a row, most of a million-row export's time. A row that fails here is
 * parsed by the schema itself, which names what is wrong.
 */
function fitsSummaryCells(row: unknown): row is SummaryCells {
  // Cells read by index: destructuring an array goes through its iterator, which cost more
  // than the checks themselves.
  if (!Array.isArray(row) || row.length !== 19) return false;
  const cells: unknown[] = row;
  return (
    isText(cells[0]) &&
    Number.isSafeInteger(cells[1]) &&
    isText(cells[2]) &&
    isTextOrNull(cells[3]) &&
    Number.isSafeInteger(cells[4]) &&
    currencies.has(cells[5]) &&
    brands.has(cells[6]) &&
    isText(cells[7]) &&
    isText(cells[8]) &&
    Number.isSafeInteger(cells[9]) &&
    isText(cells[10]) &&
    statuses.has(cells[11]) &&
    Number.isSafeInteger(cells[12]) &&
    isTextOrNull(cells[13]) &&
    isTextOrNull(cells[14]) &&
    isTextOrNull(cells[15]) &&
    isTextOrNull(cells[16]) &&
    (cells[17] === null || Number.isSafeInteger(cells[17])) &&
    cardSources.has(cells[18])
  );
}

export const parseSummaryArray = (row: unknown): AttemptSummary =>
  fitsSummaryCells(row) ? summaryOfCells(row) : summaryArraySchema.parse(row);

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
