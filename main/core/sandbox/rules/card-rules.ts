import { z } from 'zod';
import type { CardBrand } from '../../../../shared/card/brands';
import { validateCvv } from '../../../../shared/card/cvv';
import { parseExpiry } from '../../../../shared/card/expiry';
import { validateCardNumber } from '../../../../shared/card/number';
import { err, ok, type Result } from '../../../../shared/result';
import { gatewayCodes, type GatewayCode } from '../codes';
import type { FieldError } from '../problem-details';

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
 * The card number rules (length for the brand, Luhn) through the shared card rules, so the
 * sandbox refuses exactly what the app refuses. Separators are refused: the gateway wants
 * the number "without separators" (seed §2.2).
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
  const result = validateCardNumber(number);
  if (result.ok) return ok(result.value);
  const code =
    result.error === 'card-number-luhn'
      ? gatewayCodes.cardNumberLuhn
      : gatewayCodes.cardNumberLength;
  return err(fieldError(field, code));
};

// 2 digits as text ('01'), or an integer the Pay shape sends as a number (1).
const twoDigits = (part: string | number): string | null => {
  if (typeof part === 'number') {
    return Number.isInteger(part) && part >= 0 && part <= 99 ? String(part).padStart(2, '0') : null;
  }
  return /^\d{2}$/.test(part) ? part : null;
};

const checkExpiry = (
  expiry: CardInput['expiryDate'],
  now: Date,
  field: string,
): Result<{ month: number; year: number }, FieldError> => {
  const mm = twoDigits(expiry.month);
  const yy = twoDigits(expiry.year);
  if (mm === null || yy === null) return err(fieldError(field, gatewayCodes.expiryFormat));
  const parsed = parseExpiry(`${mm}/${yy}`, now);
  if (parsed.ok) return ok({ month: parsed.value.month, year: Number(yy) });
  const code = parsed.error === 'expiry-past' ? gatewayCodes.expiryPast : gatewayCodes.expiryFormat;
  return err(fieldError(field, code));
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
  const brand = number.ok ? number.value.brand : null;
  const cvv = validateCvv(card.cvv, brand);
  if (!cvv.ok && number.ok) {
    errors.push(
      cvv.error === 'cvv-length'
        ? fieldError(`${prefix}.cvv`, gatewayCodes.cvvLength)
        : fieldError(`${prefix}.cvv`, gatewayCodes.invalidFields, 'The CVV must be digits only.'),
    );
  }
  const expiry = checkExpiry(card.expiryDate, now, `${prefix}.expiryDate`);
  if (!expiry.ok) errors.push(expiry.error);
  if (errors.length > 0 || !number.ok || !expiry.ok) return err(errors);
  return ok({
    digits: number.value.digits,
    brand,
    holderName: card.cardholderName.trim(),
    expiryMonth: expiry.value.month,
    expiryYear: expiry.value.year,
  });
};
