import { err, ok, type Result } from '../result';
import type { CardBrand } from './brands';
import { cardLengths, detectBrand } from './brand';

export type CardNumberError =
  'card-number-required' | 'card-number-not-digits' | 'card-number-length' | 'card-number-luhn';

export interface ValidCardNumber {
  readonly digits: string;
  readonly brand: CardBrand | null;
}

/**
 * Removes the separators people type or paste (spaces, dashes) and nothing else, so any other
 * character still reaches the digits check and is reported rather than silently dropped.
 */
export const normaliseCardNumber = (input: string): string => input.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check digit test. False for empty or non-digit input. */
export const luhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/**
 * The card number check shared by the renderer (live feedback), main (authoritative) and the
 * sandbox. Order: normalise, required, digits only, length for the brand, Luhn; so the
 * operator is told the most basic problem first.
 */
export const validateCardNumber = (input: string): Result<ValidCardNumber, CardNumberError> => {
  const digits = normaliseCardNumber(input);
  if (digits === '') return err('card-number-required');
  if (!/^\d+$/.test(digits)) return err('card-number-not-digits');
  const brand = detectBrand(digits);
  if (!cardLengths(brand).includes(digits.length)) return err('card-number-length');
  if (!luhnValid(digits)) return err('card-number-luhn');
  return ok({ digits, brand });
};
