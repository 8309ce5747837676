import { cardLengths, detectBrand } from '../../../shared/card/brand';
import { groupCardNumber } from '../../../shared/card/format';

/**
 * What the card number box shows for whatever was typed or pasted: digits only (keypad
 * entry; separators and stray characters are dropped), no more than the brand allows,
 * grouped as the brand prints them.
 */
export function cardNumberDisplay(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const kept = digits.slice(0, Math.max(...cardLengths(detectBrand(digits))));
  return groupCardNumber(kept, detectBrand(kept));
}

/**
 * Expiry box text as the operator types: '0729' → '07/29', '7/29' → '07/29', and the
 * slash appears once the month is complete so they never type it themselves.
 */
export function expiryDisplay(raw: string): string {
  const slash = raw.indexOf('/');
  let digits = raw.replace(/\D/g, '');
  if (slash >= 0) {
    const month = raw.slice(0, slash).replace(/\D/g, '').slice(-2);
    digits = month.padStart(2, '0') + raw.slice(slash + 1).replace(/\D/g, '');
  }
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Where the caret belongs after reformatting: just after the same number of digits as were
 * before it, so editing in the middle of a grouped number does not throw the caret to the end.
 */
export function caretAfterDigits(display: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < display.length; index += 1) {
    if (/\d/.test(display[index] ?? '')) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return display.length;
}

/** How many digits lie before `caret` in `text`. */
export function digitsBefore(text: string, caret: number): number {
  return text.slice(0, caret).replace(/\D/g, '').length;
}
