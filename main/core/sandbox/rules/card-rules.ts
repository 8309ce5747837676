import { z } from 'zod';
import type { CardBrand } from '../../../../shared/card/brands';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { FieldError } from '../problem-details';
import {
  brandOf,
  cvvLengthFits,
  expiryStillValid,
  numberLengthFits,
  passesLuhn,
} from './card-facts';

const twoDigitPart = z.union([z.string(), z.number()]);

/** The request's `paymentMethod` (seed §2.2): all members required; month/year text or number. */
export const cardSchema = z.object({
  cardNumber: z.string(),
  cardholderName: z.string().trim().min(1),
  cvv: z.string(),
  expiryDate: z.object({ month: twoDigitPart, year: twoDigitPart }),
});
export type CardInput = z.infer<typeof cardSchema>;

export interface CheckedCard {
  readonly digits: string;
  readonly brand: CardBrand | null;
  readonly holderName: string;
  /** 1–12. */
  readonly expiryMonth: number;
  /** Two-digit year, as the order's paymentMethod.expiryDate shows it. */
  readonly expiryYear: number;
}

const fieldError = (field: string, code: GatewayCode, message?: string): FieldError => ({
  field,
  code,
  message: message ?? code.detailedResponseMessage,
});

/**
 * The card number rules: digits only (the seed wants it "without separators"), the length
 * for its brand, then Luhn; so the most basic problem is named first.
 */
export const checkCardNumber = (
  number: string,
  field: string,
): Result<{ digits: string; brand: CardBrand | null }, FieldError> => {
  if (!/^\d+$/.test(number)) {
    return err(
      fieldError(field, gatewayCodes.invalidFields, 'The card number must be digits only.'),
    );
  }
  const brand = brandOf(number);
  if (!numberLengthFits(number, brand))
    return err(fieldError(field, gatewayCodes.cardNumberLength));
  if (!passesLuhn(number)) return err(fieldError(field, gatewayCodes.cardNumberLuhn));
  return ok({ digits: number, brand });
};

// 2 digits as text ('01'), or an integer the Pay shape sends as a number (1).
const twoDigits = (part: string | number): number | null => {
  if (typeof part === 'number')
    return Number.isInteger(part) && part >= 0 && part <= 99 ? part : null;
  return /^\d{2}$/.test(part) ? Number(part) : null;
};

const checkExpiry = (
  expiry: CardInput['expiryDate'],
  now: Date,
  field: string,
): Result<{ month: number; year: number }, FieldError> => {
  const month = twoDigits(expiry.month);
  const year = twoDigits(expiry.year);
  if (month === null || year === null || month < 1 || month > 12)
    return err(fieldError(field, gatewayCodes.expiryFormat));
  if (!expiryStillValid(month, year, now)) return err(fieldError(field, gatewayCodes.expiryPast));
  return ok({ month, year });
};

const checkCvv = (cvv: string, brand: CardBrand | null, field: string): FieldError | null => {
  if (!/^\d+$/.test(cvv))
    return fieldError(field, gatewayCodes.invalidFields, 'The CVV must be digits only.');
  return cvvLengthFits(cvv, brand) ? null : fieldError(field, gatewayCodes.cvvLength);
};

/** Every rule of a full card: number, CVV length for the brand (amex 4), expiry. */
export const checkCard = (
  card: CardInput,
  now: Date,
  prefix = 'paymentMethod',
): Result<CheckedCard, FieldError[]> => {
  const errors: FieldError[] = [];
  const number = checkCardNumber(card.cardNumber, `${prefix}.cardNumber`);
  if (!number.ok) errors.push(number.error);
  // The CVV's length depends on the brand, so it is judged only once the number is sound.
  const cvv = number.ok ? checkCvv(card.cvv, number.value.brand, `${prefix}.cvv`) : null;
  if (cvv) errors.push(cvv);
  const expiry = checkExpiry(card.expiryDate, now, `${prefix}.expiryDate`);
  if (!expiry.ok) errors.push(expiry.error);
  if (errors.length > 0 || !number.ok || !expiry.ok) return err(errors);
  return ok({
    digits: number.value.digits,
    brand: number.value.brand,
    holderName: card.cardholderName.trim(),
    expiryMonth: expiry.value.month,
    expiryYear: expiry.value.year,
  });
};
