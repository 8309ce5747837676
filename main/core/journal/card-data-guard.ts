import { holdsCardDigits } from '../../../shared/text/card-in-text';
import { maskSensitiveText } from '../logging/redact';
import { JournalError } from '../platform/journal-error';

/**
 * What the journal does with text that could carry a card number (DESIGN.md §3, "never keep
 * the card"). Two policies, by kind of field:
 *
 * - Free text (holder name, audit detail and operator, the gateway's message) is MASKED
 *   (shared/text/card-in-text.ts): a card-like run keeps only its first 6 and last 4. The
 *   audit line stays useful and the write never fails because a gateway put a number in its
 *   message.
 * - The merchant reference is REFUSED on any run of 12 or more digits, in any script and
 *   with any separators: it is the merchant's key for reconciling with the gateway, so
 *   silently changing it would be wrong, and keeping it as typed could store a card number.
 *   The sale form and main's sale rules refuse such references before a sale starts.
 *
 * Gateway identifiers (GUIDs, RRNs inside the order snapshot) are not scanned: a GUID's
 * 12-character group is all digits often enough that scanning would break real orders.
 */

const sixDigits = /^\d{6}$/;
const fourDigits = /^\d{4}$/;

/** Throws unless first6 and last4 are exactly 6 and 4 digits: nothing more of a card fits. */
export function assertCardParts(first6: string, last4: string): void {
  if (!sixDigits.test(first6) || !fourDigits.test(last4)) {
    throw new JournalError(
      'card-data-refused',
      'The journal keeps exactly the first 6 and last 4 digits of a card.',
    );
  }
}

/** Free text as it may be stored: long digit runs masked, then cut to `max` characters. */
export function storableText(text: string, max: number): string {
  return maskSensitiveText(text).slice(0, max);
}

/** Throws when an identifier the journal must keep verbatim looks like it holds a card. */
export function assertNoCardData(field: string, value: string): void {
  if (holdsCardDigits(value)) {
    throw new JournalError('card-data-refused', `${field} looks like it holds a card number.`);
  }
}

/** First 6 + asterisks + last 4, as long as the card was (the gateway's maskedCardNumber). */
export function maskedCard(first6: string, last4: string, cardLength: number): string {
  return first6 + '*'.repeat(cardLength - 10) + last4;
}
