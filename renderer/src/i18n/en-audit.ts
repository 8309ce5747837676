/** English for the audit trail in plain words: steps, outcomes and details. */
export const enAudit = {
  audit: {
    steps: {
      created: 'Sale started',
      session: 'Payment session',
      initiate: 'Card check',
      payer: 'Customer verification',
      'pay-sent': 'Charge sent to the bank',
      settled: 'Result',
      reconciled: 'Result confirmed by the bank later',
      'refund-sent': 'Refund sent',
      refund: 'Refund result',
      'void-sent': 'Void sent',
      void: 'Void result',
      'capture-sent': 'Capture sent',
      capture: 'Capture result',
      'release-sent': 'Release sent',
      release: 'Release result',
      'order-read': 'Read from the bank before acting',
      'capture-elsewhere': 'Captured at another counter',
      'release-elsewhere': 'Released at another counter',
      'refund-elsewhere': 'Refund given at another counter',
    },
    outcomes: {
      started: 'Started',
      prepared: 'Ready before Pay was pressed',
      'card check': 'Card checked while it was typed',
      created: 'Created',
      ContinueToPayer: 'Customer verification needed',
      ContinueToPay: 'No customer verification needed',
      ContinueToPayWithNotEnrolledCard: 'Card without customer verification',
      Reject: 'Card refused',
      ok: 'Done',
      sent: 'Sent',
      resent: 'Sent again (same charge)',
      captured: 'Captured',
      held: 'Still held',
    },
    /**
     * The gateway's decision on Authenticate Payer: the seed's reference flow answers
     * ContinueToPay together with the challenge, so it never means "no verification".
     */
    payerDecisions: {
      ContinueToPay: 'Accepted by the gateway: Pay may follow',
      ContinueToPayWithNotEnrolledCard: 'Accepted: card without customer verification',
      ContinueToPayer: 'Customer verification needed',
      Reject: 'Card refused',
    },
    holdSent: 'Hold sent to the bank',
    holdResent: 'Sent again (same hold)',
    atCounter: 'At counter {{counter}}',
    other: 'Other (see the details for support)',
    notes: {
      'method ran': 'Bank’s device check finished',
      'method failed': 'Bank’s device check did not finish; the payment went on',
      'challenge passed': 'Customer verification passed',
      'authorize only': 'Authorize only: the money is held, not charged',
    },
  },
};
