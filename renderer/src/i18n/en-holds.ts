/** English for holds: Authorize only, capture and release. */
export const enHolds = {
  holds: {
    authorizeOnly: 'Authorize only (hold the money, charge later)',
    authorizeOnlyHint:
      'For phone orders that ship later: the card is checked and the amount held, not charged. Capture or release it from History.',
    resultTitle: 'Authorized — not yet charged',
    resultHelp:
      'The amount is held on the card. Charge it from History when the order ships (Capture), or give it back (Release).',
    heldAmount: 'Amount held',
    heldSince: 'Held since',
    age: 'Held for {{age}}',
    expires: 'Hold expires',
    expiresSoon:
      'This hold expires on {{date}}. Capture or release it before then, or the bank gives the money back by itself.',
    expired:
      'This hold has passed its expiry date. Paydesk asks the bank; once the bank says so it reads as released.',
    capture: 'Capture',
    release: 'Release',
    captureTitle: 'Capture the held amount',
    captureBody:
      'Charge {{amount}} to the card. The gateway captures the full amount held: if the final amount is lower, capture, then refund the difference from this payment.',
    captureConfirm: 'Capture now',
    releaseTitle: 'Release the hold',
    releaseBody: 'Give back the {{amount}} held on the card. Nothing will be charged.',
    releaseConfirm: 'Release now',
    captured:
      'Captured: the amount is charged. A different final amount is a refund of the difference.',
    released: 'Released: the hold is given back. Nothing was charged.',
    lapsed: 'The bank let this hold expire: nothing was charged.',
    inDoubt:
      'The gateway did not answer. Paydesk keeps asking it; do not capture or release this payment again until it does.',
    refused: 'The gateway refused.',
    captureReceipt: 'Capture receipt',
    releaseReceipt: 'Release receipt',
    settingsTitle: 'Holds (Authorize only)',
    settingsDefault: 'New sales start as Authorize only',
    settingsExpiryDays: 'Days a hold lasts at the bank',
    settingsExpiryDaysHint: 'Usually 7 for phone orders; History warns a day before.',
  },
};
