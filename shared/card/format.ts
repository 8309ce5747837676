import type { CardBrand } from './brands';

// Amex prints 4-6-5; everything else 4-4-4-4. Digits past the pattern keep grouping by 4 so
// an over-long entry stays readable while the length error is shown.
const groupSizes = (brand: CardBrand | null): readonly number[] =>
  brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];

/** Display grouping for a full or partially typed number: '5123450' → '5123 450'. */
export const groupCardNumber = (digits: string, brand: CardBrand | null): string => {
  const groups: string[] = [];
  const sizes = groupSizes(brand);
  let start = 0;
  for (let i = 0; start < digits.length; i += 1) {
    const size = sizes[i] ?? 4;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
};

// Below this length first 6 + last 4 would show (nearly) the whole string; 13 is the shortest
// real card number, so anything shorter is hidden completely.
const shortestMaskableLength = 13;

export interface CardFirst6Last4 {
  readonly first6: string;
  readonly last4: string;
}

/**
 * The only parts of a card number that may be kept (journal, receipts, logs). A string too
 * short to be a card yields empty parts rather than leaking its digits.
 */
export const cardFirst6Last4 = (digits: string): CardFirst6Last4 =>
  digits.length < shortestMaskableLength
    ? { first6: '', last4: '' }
    : { first6: digits.slice(0, 6), last4: digits.slice(-4) };

/**
 * First 6 + asterisks + last 4, length preserved, as the gateway's maskedCardNumber:
 * 5123450000000008 → 512345******0008. Too-short input is all asterisks.
 */
export const maskCardNumber = (digits: string): string => {
  const { first6, last4 } = cardFirst6Last4(digits);
  if (first6 === '') return '*'.repeat(digits.length);
  return first6 + '*'.repeat(digits.length - 10) + last4;
};
