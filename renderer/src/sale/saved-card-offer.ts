import type { SavedCardRules } from '../../../shared/ipc';
import type { SavedCardView } from '../../../shared/ipc-customers';
import { savedCardState } from '../customers/saved-card-facts';

/**
 * Whether "Charge without the customer" may be offered for this card: it was saved with an
 * agreement, the gateway allows merchant-initiated payments, and the card is usable. Main
 * checks all of it again, and the operator's role, before any money moves.
 */
export const chargeableWithoutCustomer = (
  card: SavedCardView,
  rules: SavedCardRules | null,
  now: Date,
): boolean =>
  card.agreement !== null &&
  rules?.merchantInitiatedAllowed === true &&
  savedCardState(card, now) === 'usable';

/** Saved cards are offered (to pay with, or to save) only on rules read from the gateway. */
export const savedCardsOffered = (rules: SavedCardRules | null): boolean =>
  rules !== null && rules.readAt !== null && rules.tokenizationEnabled;
