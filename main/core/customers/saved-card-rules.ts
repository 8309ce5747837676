import type { SavedCardState } from '../../../shared/ipc-customers';

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
