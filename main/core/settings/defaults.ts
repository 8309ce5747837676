import type { Settings } from '../../../shared/ipc';

/**
 * A fresh install (and a store that could not be trusted) runs in Training mode against the
 * in-process sandbox, so the terminal works before any merchant credentials exist.
 */
export const defaultSettings: Settings = Object.freeze({
  environment: 'training',
  customBaseUrl: null,
  returnHost: 'return.paydesk.app',
  defaultCurrency: 'SAR',
  language: 'en',
  merchantCountry: 'SA',
  amountCap: '100000',
  receiptHeader: Object.freeze({ merchantName: '', address: '', vatNumber: '' }),
  // The system dialog until the merchant picks a receipt printer; one customer copy.
  printing: Object.freeze({
    printerName: null,
    silent: false,
    customerCopies: 1,
    merchantCopies: 0,
    paper: '80mm',
  }),
  // One-step sales unless the merchant takes phone orders that ship later.
  holds: Object.freeze({ authorizeOnlyDefault: false, expiryDays: 7 }),
  checkCardEarly: true,
  // The default store is in Saudi Arabia, where card slips are bilingual.
  bilingualReceipts: true,
  // Updates reach every counter unless the merchant holds one on its version.
  holdUpdates: false,
});
