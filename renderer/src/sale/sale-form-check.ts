import type { CardBrand } from '../../../shared/card/brands';
import { detectBrand } from '../../../shared/card/brand';
import { validateCvv } from '../../../shared/card/cvv';
import { parseExpiry } from '../../../shared/card/expiry';
import { normaliseCardNumber, validateCardNumber } from '../../../shared/card/number';
import type { SaleRequest } from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';
import { checkOrderFields, requiredTextError } from './order-field-checks';

/** Everything the sale form holds, as typed (card number may carry its display spaces). */
export interface SaleFormValues {
  amount: string;
  currency: Currency;
  merchantReferenceId: string;
  phoneCountryCode: string;
  phoneNumber: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  holderName: string;
}

export type SaleField = keyof SaleFormValues;

/** Fields in focus order: the first one with an error gets focus on a refused submit. */
export const saleFieldOrder: readonly SaleField[] = [
  'amount',
  'currency',
  'cardNumber',
  'expiry',
  'cvv',
  'holderName',
  'merchantReferenceId',
  'phoneCountryCode',
  'phoneNumber',
];

export interface SaleFormCheck {
  /** Error code per field; absent means the field is fine. */
  errors: Partial<Record<SaleField, string>>;
  /** The request to send, present only when every field passes. */
  request: SaleRequest | null;
  /** Brand of the digits typed so far (null until they settle it). */
  brand: CardBrand | null;
  /** Amount in minor units when it parses, for the total and for salePrepare. */
  amountMinor: number | null;
  /** The card number's digits once it is complete and valid, for the card check. */
  cardDigits: string | null;
}

/**
 * The renderer's live check of the sale form with the same shared rules main applies
 * again on Pay. `capMinor` is the settings' amount cap in this currency, if any.
 */
export function checkSaleForm(values: SaleFormValues, now: Date, capMinor?: number): SaleFormCheck {
  const errors: Partial<Record<SaleField, string>> = {};
  const { amount, reference, referenceError, phone } = checkOrderFields(values, errors, capMinor);
  const card = validateCardNumber(values.cardNumber);
  if (!card.ok) errors.cardNumber = card.error;
  const brand = card.ok ? card.value.brand : detectBrand(normaliseCardNumber(values.cardNumber));
  const expiry = parseExpiry(values.expiry, now);
  if (!expiry.ok) errors.expiry = expiry.error;
  const cvv = validateCvv(values.cvv, brand);
  if (!cvv.ok) errors.cvv = cvv.error;
  const holderName = values.holderName.trim();
  const holderError = requiredTextError(holderName, 'holder-name-required', 'holder-name-invalid');
  if (holderError) errors.holderName = holderError;
  const amountMinor = amount.ok ? amount.value : null;
  const valid = amount.ok && card.ok && expiry.ok && cvv.ok && phone.ok;
  const request: SaleRequest | null =
    valid && !holderError && !referenceError
      ? {
          amount: values.amount.trim(),
          currency: values.currency,
          merchantReferenceId: reference,
          card: {
            number: card.value.digits,
            expiry: `${expiry.value.mm}/${expiry.value.yy}`,
            cvv: cvv.value,
            holderName,
          },
          customerPhone: phone.value,
        }
      : null;
  return { errors, request, brand, amountMinor, cardDigits: card.ok ? card.value.digits : null };
}
