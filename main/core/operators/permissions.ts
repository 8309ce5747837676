import type { IpcMethod } from '../../../shared/ipc';
import type { Role } from '../../../shared/ipc-security';

/**
 * Who may call each channel. Typed as a record over every method of the
 * contract, so a channel added without a rule does not compile; docs/roles.md is generated
 * from this table and a test fails when the two differ.
 *
 * - `anyone`: also before sign-in and while locked (the lock screen needs these).
 * - `setup`: only while operators are off (switching them on creates the first admin).
 * - a role: that role or a higher one, signed in and unlocked.
 */
export type Access = 'anyone' | 'setup' | Role;

export interface Rule {
  access: Access;
  /** How the handler narrows the rule further, in words for docs/roles.md. */
  note?: string;
  /**
   * Open in live mode before the first admin exists, so a merchant can finish setting up
   * the gateway; nothing that moves money or shows payments is.
   */
  beforeFirstAdmin?: true;
  /**
   * Shows or moves other counters' payments (store mode): refused while operators are off,
   * so a counter never shows every counter's sales to whoever sits at it.
   */
  needsSignIn?: true;
}

const ownHistory = 'a cashier sees only their own sales';
const approval =
  'a cashier needs a supervisor’s approval on the spot; anyone above the currency’s threshold needs a second supervisor';

export const permissionTable: Record<IpcMethod, Rule> = {
  appInfo: { access: 'anyone' },
  salePrepare: { access: 'cashier' },
  salePay: {
    access: 'cashier',
    note: 'saving the card needs the customer’s consent, recorded first',
  },
  // A saved card: present with the customer; charged without them only under its agreement.
  salePaySaved: { access: 'cashier' },
  saleChargeSaved: {
    access: 'supervisor',
    note: 'merchant-initiated: only a card saved with an agreement',
  },
  savedCardRules: { access: 'cashier' },
  saleCardCheck: { access: 'cashier' },
  saleCardCheckDrop: { access: 'cashier' },
  saleCancel: { access: 'cashier' },
  saleUnsettled: { access: 'cashier' },
  saleSameCardChoice: {
    access: 'cashier',
    note: 'charging a card again while its payment is in doubt needs a supervisor’s approval on the spot',
  },
  attemptCheck: { access: 'cashier', note: ownHistory },
  historySearch: { access: 'cashier', note: ownHistory },
  historyDetail: { access: 'cashier', note: ownHistory },
  historyExport: { access: 'supervisor' },
  historyExportCancel: { access: 'supervisor' },
  orderRefund: { access: 'cashier', note: approval },
  // A card sale's hold, or an authorize-only payment link's: the same rules.
  holdCapture: { access: 'cashier', note: `${approval}; card sales and payment links alike` },
  holdRelease: { access: 'cashier', note: `${approval}; card sales and payment links alike` },
  receiptPrinters: { access: 'cashier' },
  receiptPrint: { access: 'cashier', note: ownHistory },
  receiptPdf: { access: 'cashier', note: ownHistory },
  settingsGet: { access: 'anyone', note: 'holds no secret; the lock screen needs the language' },
  settingsUpdate: { access: 'admin', beforeFirstAdmin: true },
  credentialsSet: { access: 'admin', beforeFirstAdmin: true },
  settingsCheck: { access: 'admin', beforeFirstAdmin: true },
  credentialsTest: { access: 'admin', beforeFirstAdmin: true, note: 'one harmless gateway call' },
  sessionState: { access: 'anyone' },
  sessionSignIn: { access: 'anyone' },
  sessionLock: { access: 'anyone' },
  sessionSignOut: { access: 'anyone' },
  sessionTouch: { access: 'anyone' },
  operatorsEnable: { access: 'setup', note: 'creates the first admin' },
  operatorsDisable: { access: 'admin', note: 'refused in live mode' },
  operatorsList: { access: 'supervisor', note: 'the Team screen; a supervisor only reads it' },
  operatorsDirectory: { access: 'cashier' },
  operatorsCreate: { access: 'admin' },
  operatorsUpdate: { access: 'admin' },
  operatorsUnlock: { access: 'supervisor', note: 'a supervisor unlocks cashiers only' },
  operatorsConfigure: { access: 'admin' },
  auditSearch: { access: 'supervisor' },
  auditVerify: { access: 'admin' },
  auditExport: { access: 'supervisor' },
  // Shift reports and the close: supervisors and admins run the day.
  shiftReport: { access: 'supervisor', note: 'the X report' },
  shiftAcknowledge: {
    access: 'supervisor',
    note: 'a payment in doubt may stay open through the Z; a second supervisor approves on the spot',
  },
  shiftAdopt: { access: 'supervisor', note: "takes the gateway's record into the journal" },
  shiftClose: { access: 'supervisor', note: 'close shift: the Z report' },
  zReportList: { access: 'supervisor' },
  zReportGet: { access: 'supervisor' },
  shiftPrint: { access: 'supervisor' },
  shiftSave: { access: 'supervisor' },
  shiftPaymentsSave: { access: 'supervisor', note: 'one CSV row per payment of a shift' },
  // Payment links: a cashier sends links as they take sales.
  linkCreate: { access: 'cashier' },
  linkResend: { access: 'cashier' },
  linkCancel: { access: 'cashier' },
  linkGet: { access: 'cashier' },
  linkList: { access: 'cashier' },
  linkFind: { access: 'cashier' },
  // Customers and their saved cards: cashiers serve them; deleting is a supervisor's call.
  customerSearch: { access: 'cashier', note: 'by name, phone or a saved card’s last 4' },
  customerGet: { access: 'cashier' },
  customerSave: { access: 'cashier' },
  customerDelete: {
    access: 'supervisor',
    note: 'deletes the customer’s saved cards at our side too; audited',
  },
  savedCardRemove: { access: 'supervisor', note: 'audited with the card’s mask' },
  // Store mode.
  storeStatus: { access: 'anyone', note: 'online or offline and records waiting; no secret' },
  storeSettings: { access: 'admin', note: 'never the password' },
  storeConfigure: { access: 'admin' },
  storeMigrate: { access: 'admin' },
  storeHistory: { access: 'supervisor', note: 'every counter’s sales', needsSignIn: true },
  storeEndOfDay: {
    access: 'supervisor',
    note: 'every counter’s Z reports of a day',
    needsSignIn: true,
  },
  storeEndOfDaySave: { access: 'supervisor', needsSignIn: true },
  // Verify audit trail over every counter's chain, like the counter's own.
  auditVerifyStore: { access: 'admin', note: 'every counter’s audit chain', needsSignIn: true },
  // Another counter's payment, with the same rules as the counter's own.
  storeRefund: {
    access: 'cashier',
    note: `${approval}; the amount is read from the store`,
    needsSignIn: true,
  },
  storeCapture: {
    access: 'cashier',
    note: `${approval}; the amount is read from the store`,
    needsSignIn: true,
  },
  storeRelease: {
    access: 'cashier',
    note: `${approval}; the amount is read from the store`,
    needsSignIn: true,
  },
};

export const roleRank: Record<Role, number> = { cashier: 1, supervisor: 2, admin: 3 };

export const hasRole = (role: Role, needed: Role) => roleRank[role] >= roleRank[needed];
