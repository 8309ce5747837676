import type { Currency } from './money/currencies';
import { parseSaleAmount, type ExactAmountError } from './money/exact-amount';
import { err, ok, type Result } from './result';
import { operatorFieldError } from './text/operator-text';

export type OrderError =
  | ExactAmountError
  | 'merchant-reference-required'
  | 'merchant-reference-invalid'
  | 'text-bidi-control';

/**
 * What every way of taking money checks first, in this order: the amount (the sale rules
 * and the gateway's wire rules), then the merchant reference. The journal refuses to keep a
 * card-like number, and masking a reference would break reconciliation with the gateway, so
 * a card number pasted as the reference is refused up front.
 */
export function validateOrder(
  order: { amount: string; currency: Currency; merchantReferenceId: string },
  capMinor: number | undefined,
): Result<{ amountMinor: number; merchantReferenceId: string }, OrderError> {
  const amount = parseSaleAmount(order.amount, order.currency, capMinor);
  if (!amount.ok) return amount;
  const merchantReferenceId = order.merchantReferenceId.trim();
  if (merchantReferenceId === '') return err('merchant-reference-required');
  const referenceError = operatorFieldError(merchantReferenceId, 'merchant-reference-invalid');
  if (referenceError) return err(referenceError);
  return ok({ amountMinor: amount.value, merchantReferenceId });
}
