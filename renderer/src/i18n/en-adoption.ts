/** English for a payment a supervisor adopted from the gateway's record. */
export const enAdoption = {
  adoption: {
    mark: 'Adopted from the gateway’s record',
    by: 'Adopted by {{who}}',
    nobody: 'Adopted with operators off',
    explain:
      'The gateway had this payment and Paydesk did not; the card was not charged again. Refund it here like any sale.',
  },
};
