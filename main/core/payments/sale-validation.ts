import type { SaleRequest } from '../../../shared/ipc';
import type { CardBrand } from '../../../shared/card/brands';
import { validateCvv, type CvvError } from '../../../shared/card/cvv';
import { parseExpiry, type ExpiryError } from '../../../shared/card/expiry';
import { cardFirst6Last4 } from '../../../shared/card/format';
import { validateCardNumber, type CardNumberError } from '../../../shared/card/number';
import { validateOrder, type OrderError } from '../../../shared/order-rules';
import type { Currency } from '../../../shared/money/currencies';
import { validateCustomerPhone, type CustomerPhone, type PhoneError } from '../../../shared/phone';
import { err, ok, type Result } from '../../../shared/result';
import type { CardDetails, PaymentOperation } from '../gateway/gateway-client';
import { operatorFieldError } from '../../../shared/text/operator-text';

export type SaleRequestError =
  | CardNumberError
  | ExpiryError
  | CvvError
  | OrderError
  | PhoneError
  | 'holder-name-required'
  | 'holder-name-invalid'
  | 'text-bidi-control';

/** A sale the rules accept. `card` is the only place the full number and CVV live. */
export interface ValidSale {
  amountMinor: number;
  currency: Currency;
  merchantReferenceId: string;
  card: CardDetails;
  brand: CardBrand | null;
  first6: string;
  last4: string;
  phone: CustomerPhone | null;
  /** `PreAuthorize`: the sale only holds the money (Authorize only). */
  operation: PaymentOperation;
}

/** What every payment has, whatever pays it (a keyed card or a saved one). */
export type SaleTerms = Pick<
  ValidSale,
  'amountMinor' | 'currency' | 'merchantReferenceId' | 'operation' | 'phone'
>;

/**
 * Main's authoritative check of what the renderer sent (the renderer is untrusted): the same
 * shared rules the sale screen uses for live feedback, in the order the form shows them.
 */
export function validateSale(
  request: SaleRequest,
  now: Date,
  capMinor: number | undefined,
): Result<ValidSale, SaleRequestError> {
  const order = validateOrder(request, capMinor);
  if (!order.ok) return order;
  const number = validateCardNumber(request.card.number);
  if (!number.ok) return number;
  const expiry = parseExpiry(request.card.expiry, now);
  if (!expiry.ok) return expiry;
  const cvv = validateCvv(request.card.cvv, number.value.brand);
  if (!cvv.ok) return cvv;
  const holderName = request.card.holderName.trim();
  if (holderName === '') return err('holder-name-required');
  // A card number typed into the name field must not travel on into the journal.
  const holderError = operatorFieldError(holderName, 'holder-name-invalid');
  if (holderError) return err(holderError);
  const phone = validateCustomerPhone(request.customerPhone);
  if (!phone.ok) return phone;
  const { digits, brand } = number.value;
  return ok({
    ...order.value,
    currency: request.currency,
    card: {
      number: digits,
      holderName,
      cvv: cvv.value,
      expiryMonth: expiry.value.mm,
      expiryYear: expiry.value.yy,
    },
    brand,
    ...cardFirst6Last4(digits),
    phone: phone.value,
    operation: request.authorizeOnly ? 'PreAuthorize' : 'Pay',
  });
}
