/** The shift screen; the report's own lines come from main in the same language. */
export const enShifts = {
  shifts: {
    title: 'Shift and reports',
    refresh: 'X report',
    reconcile: 'Reconcile with the gateway',
    reconciling: 'Reading the gateway’s orders…',
    print: 'Print',
    savePdf: 'Save as PDF',
    saveCsv: 'Save as CSV',
    savePayments: 'Save payments as CSV',
    saved: 'Saved as {{file}}.',
    whoCloses: 'Supervisors and admins can close the shift.',
    printed: 'Sent to the printer.',
    close: 'Close shift (Z report)',
    confirmClose:
      'Close this shift with a Z report? The next shift opens at once. A Z report cannot be changed.',
    checkingBeforeClose: 'Reconciling with the gateway before the close…',
    warnDifferences:
      'Differences with the gateway still open: {{count}}. They carry into the next shift until they are resolved.',
    warnNotReconciled:
      'The gateway could not be reached: this shift is not reconciled. The next shift’s reconciliation will cover it.',
    warnInDoubt:
      'Payments awaiting bank confirmation that stay open through this Z (acknowledged): {{count}}.',
    closed: 'Shift closed with Z report no. {{number}}.',
    inDoubtTitle: 'Awaiting bank confirmation',
    inDoubtBlocks:
      'The shift cannot close while a payment is awaiting bank confirmation. Check it in History, or acknowledge it as a supervisor to close anyway.',
    acknowledge: 'Acknowledge',
    acknowledgeApproval:
      'Acknowledging needs a second supervisor at the counter: they type their operator ID and PIN.',
    acknowledged: 'Acknowledged',
    differencesTitle: 'Differences with the gateway',
    differencesCarried: 'Differences left open at an earlier close are listed until resolved.',
    adopt: 'Adopt the gateway’s record',
    adoptedDone: 'Adopted',
    adoptTitle: 'Adopt the gateway’s record?',
    adoptConfirm:
      'The payment the gateway shows is written into this counter’s records in your name: it counts in this shift’s totals. This cannot be undone.',
    adoptedStatus: 'Adopted into this shift.',
    differenceReference: 'Reference',
    differenceTime: 'Time',
    differenceCard: 'Card',
    differenceAmount: 'Amount',
    differenceWhat: 'Difference',
    kinds: {
      'gateway-only': 'On the gateway, not in this counter’s records',
      'journal-only': 'In this counter’s records, not on the gateway',
      'status-differs': 'Result differs',
      'amount-differs': 'Amount differs',
    },
    actions: {
      'adopt-gateway': 'Adopt the gateway’s record',
      'check-attempt': 'Check the payment in History and with the bank',
      'check-refund': 'Check refunds made outside Paydesk (merchant portal)',
    },
    zReports: 'Z reports',
    zNumber: 'Z no.',
    closedAt: 'Closed',
    closedBy: 'Closed by',
    open: 'Open copy',
    noZ: 'No shift has been closed yet.',
    showing: 'Showing',
  },
};
