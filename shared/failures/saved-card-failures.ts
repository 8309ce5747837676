/**
 * Why a payment with a saved card (or a sale saving one) stopped: the gateway refused the
 * token, or the merchant's token settings do not allow what was asked. The renderer
 * translates each (renderer/src/i18n/en-errors.ts, ar-errors.ts).
 */
export const savedCardFailureCodes = [
  // The card's expiry has passed (by our clock, or the gateway says so).
  'saved-card-expired',
  // The gateway does not accept the token (unknown, another merchant's, or withdrawn).
  'saved-card-refused',
  // The merchant's settings require the card's security code for token payments.
  'saved-card-cvv-required',
  // Merchant-initiated without the agreement the card was saved under (or none at all).
  'saved-card-agreement',
  // Saving cards, or merchant-initiated payments, are off for this merchant account.
  'saved-cards-off',
] as const;

export type SavedCardFailureCode = (typeof savedCardFailureCodes)[number];
