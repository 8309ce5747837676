import type { SavedCardState } from '../../../shared/ipc-customers';
import { maskCardNumbers } from '../../../shared/text/card-in-text';
import { storableText } from '../journal/card-data-guard';
import type { SavedCardToken } from '../ports';

/**
 * The rules a saved card is kept and offered by, the same whichever directory keeps it (the
 * journal on one counter, the store in store mode).
 */

/**
 * A card is valid through the last day of its expiry month; from the first day of the next
 * month (in the counter's local time, as the card reads) it is expired and never offered.
 */
export function isExpired(card: { expiryMonth: number; expiryYear: number }, now: number): boolean {
  const firstDayAfter = new Date(card.expiryYear, card.expiryMonth, 1).getTime();
  return now >= firstDayAfter;
}

/** What a card can do now: a flag the gateway gave wins; otherwise the clock decides. */
export function cardStateAt(
  card: { expiryMonth: number; expiryYear: number; flag: 'expired' | 'refused' | null },
  now: number,
): SavedCardState {
  if (card.flag !== null) return card.flag;
  return isExpired(card, now) ? 'expired' : 'usable';
}

const gatewayMask = /^(\d{6})[*xX•]{2,9}(\d{4})$/;

/**
 * The gateway's masked card as Paydesk keeps it (first 6, asterisks, last 4, the card's
 * length), or null for anything else: a mask that shows more digits than that is never
 * stored, whatever the gateway sent.
 */
export function storableMask(masked: string): string | null {
  const parts = gatewayMask.exec(masked.trim());
  if (!parts) return null;
  const hidden = masked.trim().length - 10;
  return `${parts[1]}${'*'.repeat(hidden)}${parts[2]}`;
}

const validExpiry = (month: number, year: number) =>
  Number.isInteger(month) &&
  month >= 1 &&
  month <= 12 &&
  Number.isInteger(year) &&
  year >= 2000 &&
  year <= 2099;

/**
 * The token as Paydesk keeps it, or null when the gateway's facts cannot be kept as they
 * are: a mask showing more than 6 + 4 digits, a token id holding something that may be a
 * card number (outside a GUID), an expiry that is no month. The brand is free text from the
 * gateway: masked and cut like any.
 */
export function keptToken(token: SavedCardToken): SavedCardToken | null {
  const maskedCard = storableMask(token.maskedCard);
  if (maskedCard === null || token.tokenId === '') return null;
  if (maskCardNumbers(token.tokenId) !== token.tokenId) return null;
  if (!validExpiry(token.expiryMonth, token.expiryYear)) return null;
  return {
    ...token,
    maskedCard,
    brand: token.brand === null ? null : storableText(token.brand, 32),
  };
}
