import type { ExistingPayment } from '../../../shared/ipc';
import type { Journal } from '../journal/journal';

/**
 * The reference rule: a merchant reference whose payment is paid, held, partly
 * refunded, in progress or in doubt cannot start another sale; the refusal names that
 * payment so the cashier can open it.
 */

/** Statuses of an attempt that hold its merchant reference: money taken, or maybe taken. */
const referenceHolding = new Set([
  'paid',
  'partially-refunded',
  'in-doubt',
  'in-progress',
  // A hold is money the customer's bank keeps aside for this reference.
  'authorized',
]);

/** The payment that already holds `merchantReferenceId`, if any. */
export function paymentHolding(
  journal: Journal,
  merchantReferenceId: string,
): ExistingPayment | null {
  const holder = journal
    .byReference(merchantReferenceId)
    .find((record) => referenceHolding.has(record.status));
  if (!holder) return null;
  return {
    attemptId: holder.attemptId,
    merchantReferenceId: holder.merchantReferenceId,
    orderId: holder.orderId,
    amountMinor: holder.amountMinor,
    currency: holder.currency,
    status: holder.status,
    createdAt: holder.createdAt,
  };
}
