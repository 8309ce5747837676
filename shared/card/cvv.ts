import { err, ok, type Result } from '../result';
import type { CardBrand } from './brands';
import { cvvLengths } from './brand';

export type CvvError = 'cvv-required' | 'cvv-not-digits' | 'cvv-length';

/**
 * The CVV for the detected brand (amex 4 digits, others 3, unknown 3 or 4). Surrounding
 * spaces are ignored; the value returned is the bare digits to send.
 */
export const validateCvv = (input: string, brand: CardBrand | null): Result<string, CvvError> => {
  const cvv = input.trim();
  if (cvv === '') return err('cvv-required');
  if (!/^\d+$/.test(cvv)) return err('cvv-not-digits');
  if (!cvvLengths(brand).includes(cvv.length)) return err('cvv-length');
  return ok(cvv);
};
