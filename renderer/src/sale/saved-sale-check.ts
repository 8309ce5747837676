import { validateCvv } from '../../../shared/card/cvv';
import type { SavedSaleRequest } from '../../../shared/ipc';
import type { SavedCardView } from '../../../shared/ipc-customers';
import type { Currency } from '../../../shared/money/currencies';
import { knownBrand } from '../customers/saved-card-facts';
import { checkOrderFields } from './order-field-checks';

/** What a sale with a saved card needs from the form: no card number, no expiry, no name. */
export interface SavedSaleValues {
  amount: string;
  currency: Currency;
  merchantReferenceId: string;
  cvv: string;
  authorizeOnly: boolean;
}

export type SavedSaleField = 'amount' | 'merchantReferenceId' | 'cvv';

/**
 * The live check of a sale paid with a saved card, by the shared rules main applies again:
 * amount (within the settings' cap) and reference as on any sale, and the CVV only when the
 * gateway asks for it on saved-card payments (a payment without the customer never sends
 * one: `cvvAsked` false).
 */
export function checkSavedSale(
  values: SavedSaleValues,
  sale: { customerId: string; card: SavedCardView; cvvAsked: boolean },
  capMinor?: number,
): {
  errors: Partial<Record<SavedSaleField, string>>;
  request: SavedSaleRequest | null;
  amountMinor: number | null;
} {
  const errors: Partial<Record<SavedSaleField, string>> = {};
  const { amount, reference, referenceError } = checkOrderFields(
    { ...values, phoneCountryCode: '', phoneNumber: '' },
    errors,
    capMinor,
  );
  const cvv = sale.cvvAsked ? validateCvv(values.cvv, knownBrand(sale.card.brand)) : null;
  if (cvv && !cvv.ok) errors.cvv = cvv.error;
  const request: SavedSaleRequest | null =
    amount.ok && !referenceError && (cvv === null || cvv.ok)
      ? {
          amount: values.amount.trim(),
          currency: values.currency,
          merchantReferenceId: reference,
          customerId: sale.customerId,
          cardId: sale.card.cardId,
          cvv: cvv?.ok ? cvv.value : null,
          ...(values.authorizeOnly ? { authorizeOnly: true } : {}),
        }
      : null;
  return { errors, request, amountMinor: amount.ok ? amount.value : null };
}
