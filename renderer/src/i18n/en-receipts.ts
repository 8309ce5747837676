/** English for receipts beyond the result screen's: refunds, reprints, bilingual slips. */
export const enReceipts = {
  receipts: {
    bilingual: 'Print receipts in English and Arabic',
    bilingualHint:
      'Every label and heading on one slip in both languages, as Saudi card slips are. Off: the receipt is in the language of the screen.',
    refundReceipt: 'Refund receipt {{number}}: {{amount}}',
    refunded: 'Refunded',
    stillCharged: 'Still charged',
  },
};
