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
    saved: 'Saved.',
    printed: 'Sent to the printer.',
    close: 'Close shift (Z report)',
    confirmClose:
      'Close this shift with a Z report? The next shift opens at once. A Z report cannot be changed.',
    closed: 'Shift closed with Z report no. {{number}}.',
    inDoubtTitle: 'Awaiting bank confirmation',
    inDoubtBlocks:
      'The shift cannot close while a payment is awaiting bank confirmation. Check it in History, or acknowledge it as a supervisor to close anyway.',
    acknowledge: 'Acknowledge',
    acknowledgeApproval:
      'Acknowledging needs a second supervisor at the counter: they type their operator ID and PIN.',
    acknowledged: 'Acknowledged',
    differencesTitle: 'Differences with the gateway',
    adopt: 'Adopt the gateway’s record',
    adoptedDone: 'Adopted',
    zReports: 'Z reports',
    zNumber: 'Z no.',
    closedAt: 'Closed',
    closedBy: 'Closed by',
    open: 'Open copy',
    noZ: 'No shift has been closed yet.',
    showing: 'Showing',
  },
};
