/** English for the guard against a second charge while the first awaits bank confirmation. */
export const enSameCard = {
  sameCard: {
    indicatorOne: 'Awaiting bank confirmation:',
    indicatorSeveral: 'Payments awaiting bank confirmation: {{count}}',
    open: 'Open',
    openLabel: 'Open the payment awaiting bank confirmation in History',
    title: 'Same card and amount as a payment awaiting bank confirmation',
    body: 'Nothing was sent. The bank has not said yet whether that payment took the money. If it did, charging the card now takes the money twice.',
    time: 'Time',
    chargeAgain: 'Charge again: the customer may pay twice',
    approvalNote: 'A supervisor must approve charging again.',
    doNotCharge: 'Do not charge',
    retypeCard: 'Charging again is allowed for this sale: type the card again, then press Pay.',
    settledMeanwhile:
      'That payment is no longer awaiting bank confirmation. Open it in History to see how it ended before you charge the card.',
  },
};
