import { brandSchema } from '../../../shared/ipc';
import type { CardBrand } from '../../../shared/card/brands';
import type { SavedCardView } from '../../../shared/ipc-customers';

/**
 * What the screens say about a saved card and whether they offer it. A card is shown as
 * brand, last 4 and expiry only; the gateway's token never reaches the renderer.
 */

export type SavedCardState = SavedCardView['state'];

/**
 * The card's state as of `now`: main's word, except that a card whose expiry month has
 * ended since main read it (a screen left open over the month's end) counts as expired.
 */
export function savedCardState(card: SavedCardView, now: Date): SavedCardState {
  if (card.state !== 'usable') return card.state;
  const endOfExpiryMonth = new Date(card.expiryYear, card.expiryMonth, 1);
  return now.getTime() >= endOfExpiryMonth.getTime() ? 'expired' : 'usable';
}

/** The cards a sale may be paid with: expired and refused ones are never offered. */
export const usableCards = (cards: readonly SavedCardView[], now: Date): SavedCardView[] =>
  cards.filter((card) => savedCardState(card, now) === 'usable');

/** `09/29`, as printed on the card (read left to right in both languages). */
export const expiryText = (card: Pick<SavedCardView, 'expiryMonth' | 'expiryYear'>): string =>
  `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear % 100).padStart(2, '0')}`;

/** The brand as Paydesk names it, when the gateway's word is one it knows. */
export function knownBrand(brand: string | null): CardBrand | null {
  const parsed = brandSchema.safeParse(brand?.toLowerCase());
  return parsed.success ? parsed.data : null;
}
