import { brandRules } from '../../../../shared/card/brand-prefixes';
import type { CardBrand } from '../../../../shared/card/brands';

// The sandbox's own card rules, written from the seed (§2.2, §8) and GATEWAY.md's brand
// list; only the brand ranges (pure data) are shared with the app. A bug in the app's rules
// therefore shows up as a disagreement with the gateway, not as a bug on both sides.

// Each digit's contribution when it sits in a doubled (every second from the right) place.
const doubled = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9] as const;

/** The Luhn check over a string of ASCII digits. */
export const passesLuhn = (digits: string): boolean => {
  let total = 0;
  [...digits].reverse().forEach((character, place) => {
    const digit = Number(character);
    total += place % 2 === 1 ? (doubled[digit] ?? 0) : digit;
  });
  return digits.length > 0 && total % 10 === 0;
};

/**
 * The brand of a full card number, by GATEWAY.md's precedence (mada, meeza, visa, amex,
 * mastercard; first match wins); null for a number of no listed brand.
 */
export const brandOf = (digits: string): CardBrand | null =>
  brandRules.find((rule) => {
    if (digits.length < rule.digits) return false;
    const head = Number(digits.slice(0, rule.digits));
    return rule.from <= head && head <= rule.to;
  })?.brand ?? null;

/** Seed §8: 16 digits for three brands, 15 for the fourth (amex); others are held to 16. */
export const numberLengthFits = (digits: string, brand: CardBrand | null): boolean =>
  digits.length === (brand === 'amex' ? 15 : 16);

/** Seed §2.2: 3 digits on the back, 4 on the front (amex); a card of no listed brand, either. */
export const cvvLengthFits = (cvv: string, brand: CardBrand | null): boolean => {
  if (brand === null) return cvv.length === 3 || cvv.length === 4;
  return cvv.length === (brand === 'amex' ? 4 : 3);
};

/**
 * Whether a card printed with this expiry may still be used at `now`: through the last day
 * of its month, in the local calendar of the machine the sandbox runs on (Training mode
 * shares it with the app, so both agree at a month's turn). `year` is the 2-digit year.
 */
export const expiryStillValid = (month: number, year: number, now: Date): boolean => {
  const firstDayAfter = new Date(2000 + year, month, 1);
  return now.getTime() < firstDayAfter.getTime();
};

/** Seed §2.8: first 6 and last 4 visible, asterisks between, length kept. */
export const maskedNumber = (digits: string): string =>
  `${digits.slice(0, 6)}${'*'.repeat(Math.max(digits.length - 10, 0))}${digits.slice(-4)}`;
