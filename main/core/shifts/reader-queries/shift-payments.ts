import { z } from 'zod';
import { currencies } from '../../../../shared/money/currencies';
import { readerQuery } from '../../platform/reader-query';

const int = z.number().int().nonnegative();

/** One ledger entry of a shift, with what it did to the money taken (signed, minor units). */
export const shiftPaymentRowSchema = z.object({
  entryId: z.coerce.number().int(),
  at: z.coerce.number().int(),
  kind: z.string(),
  source: z.string(),
  recordId: z.string(),
  orderId: z.string().nullable(),
  merchantReferenceId: z.string(),
  amountMinor: z.coerce.number().int(),
  netMinor: z.coerce.number().int(),
  currency: z.enum(currencies),
  brand: z.string().nullable(),
  operatorId: z.string().nullable(),
  approverId: z.string().nullable(),
  recordCreatedAt: z.coerce.number().int(),
});
export type ShiftPaymentRow = z.infer<typeof shiftPaymentRowSchema>;

/**
 * Every ledger entry of the range (a shift's, as its X or Z report read it), oldest first.
 * `netMinor` is the entry's share of "net taken" by the report's own rule (report-arithmetic.ts:
 * Pay and captures in, refunds out, an adopted order by its effect), so the rows sum to it.
 */
export const shiftPaymentsQuery = readerQuery({
  args: z.strictObject({ afterEntry: int, throughEntry: int }),
  value: z.array(shiftPaymentRowSchema),
  run: ({ prepare }, { afterEntry, throughEntry }) =>
    prepare(
      `SELECT entry_id AS entryId, at, kind, source, record_id AS recordId, order_id AS orderId,
         merchant_reference_id AS merchantReferenceId, amount_minor AS amountMinor,
         CASE
           WHEN kind IN ('sale', 'capture') THEN amount_minor
           WHEN kind = 'refund' THEN -amount_minor
           WHEN kind = 'adopted' THEN CASE json_extract(detail, '$.effect')
             WHEN 'taken' THEN amount_minor WHEN 'returned' THEN -amount_minor ELSE 0 END
           ELSE 0 END AS netMinor,
         currency, brand, operator_id AS operatorId, approver_id AS approverId,
         record_created_at AS recordCreatedAt
       FROM ledger WHERE entry_id > ? AND entry_id <= ? ORDER BY entry_id`,
    )
      .all(afterEntry, throughEntry)
      .map((row) => shiftPaymentRowSchema.parse(row)),
});
