/**
 * English for what a cashier or phone agent reads at a glance: History's search reaching
 * payment links, hold wording on the sale form, card hints.
 */
export const enGlance = {
  glance: {
    linkMatches: 'Payment links that match',
    linkMatchesHint: 'Payments taken by link are kept with their link. Open one to see it.',
    /** The sale form's button and key hint with Authorize only ticked: nothing is charged. */
    hold: 'Hold amount',
    holdKeys: 'Enter holds the amount when the form is complete · Esc clears',
    /** The progress step that charges, for a hold. */
    holding: 'Holding the amount',
  },
};
