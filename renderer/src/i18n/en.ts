import { enAuditDetail } from './en-audit-detail';
import { enLive } from './en-live';
import { enOperators } from './en-operators';
import { enTeam } from './en-team';
import { enShifts } from './en-shifts';
import { enStore } from './en-store';
import { enStoreDay } from './en-store-day';
import { enStoreAudit } from './en-store-audit';
import { brandNames } from '../../../shared/card/brand-names';
import { enErrors } from './en-errors';
import { enAudit } from './en-audit';
import { enHolds } from './en-holds';
import { enReceipts } from './en-receipts';
import { enAdoption } from './en-adoption';
import { enLinks } from './en-links';
import { enPhones } from './en-phones';
import { enSameCard } from './en-same-card';
import { enNotCharged } from './en-not-charged';
import { enGlance } from './en-glance';
import { enUpdates } from './en-updates';
import { enCustomers } from './en-customers';
import { enSettings } from './en-settings';

/**
 * Every English string of the UI. The Arabic table (ar.ts) is typed from this one, so a key
 * missing or extra there is a compile error; a unit test checks the same at run time.
 */
export const en = {
  app: {
    name: 'Paydesk',
    navLabel: 'Screens',
    nav: {
      sale: 'Sale',
      customers: 'Customers',
      history: 'History',
      shift: 'Shift',
      team: 'Team',
      settings: 'Settings',
    },
    training: 'Training mode: payments go to the built-in simulated gateway. No card is charged.',
    settingsReset:
      'The settings file was damaged or changed outside Paydesk, so default settings are in use. Check every setting before taking payments.',
    noSecureStorage:
      'This computer offers no secure storage for secrets, so gateway credentials and the store password cannot be saved, store mode is off and the audit trail cannot be verified. Training mode still works.',
    loading: 'Loading…',
    loadFailed: 'Paydesk could not read its settings.',
  },
  /** The Electron application menu (main reads these tables too). */
  menu: {
    about: 'About Paydesk',
    services: 'Services',
    hide: 'Hide Paydesk',
    hideOthers: 'Hide Others',
    unhide: 'Show All',
    quit: 'Quit Paydesk',
    sale: 'Sale',
    newSale: 'New sale',
    history: 'History',
    settings: 'Settings…',
    lock: 'Lock',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
    view: 'View',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    fullScreen: 'Full Screen',
    reload: 'Reload',
    devTools: 'Developer Tools',
    window: 'Window',
    minimize: 'Minimise',
    close: 'Close Window',
  },
  common: {
    cancel: 'Cancel',
    close: 'Close',
    back: 'Back',
    optional: 'optional',
    none: '—',
    working: 'Working…',
  },
  sale: {
    title: 'New sale',
    amount: 'Amount',
    currency: 'Currency',
    reference: 'Merchant reference',
    newReference: 'New reference',
    phone: 'Customer phone',
    phoneCountry: 'Country code',
    phoneNumber: 'Phone number',
    card: 'Card',
    cardNumber: 'Card number',
    brand: 'Card brand',
    brandPending: 'Brand appears as you type',
    expiry: 'Expiry',
    expiryHint: 'MM/YY',
    cvv: 'CVV',
    cvvHint3: '3 digits',
    cvvHint4: '4 digits',
    cvvHintAny: '3 or 4 digits',
    holderName: 'Cardholder name',
    pay: 'Pay',
    clear: 'Clear',
    keys: 'Enter pays when the form is complete · Esc clears',
    total: 'Total',
    prepared: 'Connection to the gateway is ready.',
    notStarted: 'The payment did not start.',
    retrying:
      'Trying again: same amount, reference and phone. Nothing was charged last time. Enter the card.',
    outcomeUnknown:
      'Paydesk could not confirm whether this payment went through. Check History before charging the card again.',
    existing: {
      title: 'The payment that already has this reference',
      open: 'Open in History',
    },
  },
  side: {
    label: 'This sale and the last sales',
    current: 'This sale',
    recent: 'Last sales',
    none: 'No sales yet.',
  },
  progress: {
    title: 'Payment in progress',
    steps: {
      'creating-session': 'Creating session',
      'checking-card': 'Checking card',
      'customer-verification': 'Waiting for customer verification',
      charging: 'Charging',
      'checking-with-bank': 'Checking with the bank',
      done: 'Done',
    },
    stepStatus: {
      done: 'done',
      current: 'in progress',
      pending: 'waiting',
      skipped: 'not needed',
      unanswered: 'sent, no answer yet',
    },
    /** Why a step was passed over, in words, per step. */
    skipped: {
      'creating-session': 'ready in advance',
      'checking-card': 'not needed',
      'customer-verification': 'not asked by the bank',
      charging: 'not needed',
      'checking-with-bank': 'not needed',
      done: 'not needed',
    },
    verifying: 'Customer verification in progress',
    verifyingHelp:
      'The customer is entering the one-time code from their bank in the verification window. Keep Paydesk open.',
    elapsed: 'Elapsed',
    cancel: 'Cancel payment',
    cancelling: 'Cancelling…',
    cancelRefused:
      'The card is already being charged, so this payment can no longer be cancelled. Wait for the result.',
    cancelUnavailable:
      'Cancel is no longer possible: the payment has been sent to the bank and cannot be called back. Wait for the answer.',
    slowBank:
      'The bank is slow to answer. Do not repeat this payment, by card or any other way: wait here for its result.',
  },
  inDoubt: {
    elapsed: 'Time since Pay',
    checkNow: 'Check now',
    checking: 'Asking the bank…',
    stillUnanswered: 'Asked at {{time}}: the bank has no answer yet.',
    checkFailed: 'Paydesk could not ask the bank just now.',
    supervisor:
      'The bank has not confirmed either way. A supervisor must check this payment with the bank. Do not take this payment again.',
    nextTitle: 'What happens next',
    nextAsking: 'Paydesk keeps asking the bank by itself until it answers. Check now asks at once.',
    nextAnswer:
      'When the bank answers, this screen shows the final result: approved, with its receipt, or not charged.',
    nextTimeLimit:
      'If the bank shows the charge never arrived, Paydesk cancels the order with the bank at once and shows that nothing was charged. Otherwise it cancels 17 minutes after the bank session was opened (usually when the payment started).',
    nextSupervisor:
      'Paydesk could not get a final answer in time. The payment stays in History for a supervisor; nothing more happens by itself.',
    nextLeave:
      'You may start another sale meanwhile: this payment stays in History as "Checking with the bank", and its answer appears there.',
  },
  result: {
    approved: 'Approved',
    notApproved: 'Not approved',
    checking: 'Checking with the bank',
    checkingHelp:
      'The bank did not answer in time, so nobody knows yet whether the card was charged. Do not take this payment again until the answer arrives.',
    settled: 'The bank has answered: this is the final result.',
    card: 'Card',
    brand: 'Brand',
    holder: 'Cardholder',
    authCode: 'Authorisation code',
    orderId: 'Order ID',
    rrn: 'Retrieval reference',
    reference: 'Merchant reference',
    reason: 'Reason',
    gatewayCode: 'Gateway code',
    gatewayMessage: 'Gateway message',
    correlationId: 'Support reference',
    nextStep: 'What to do next',
    next: {
      declined: 'Ask the customer for another card or another way to pay.',
      'authentication-failed':
        'The customer could not confirm the payment with their bank. Try again, or ask for another card.',
      cancelled: 'Nothing was charged. Start a new sale when the customer is ready.',
      expired: 'The payment session timed out and nothing was charged. Start the sale again.',
      rejected: 'This card cannot be used here. Ask the customer for another card.',
      error:
        'Nothing was charged. Try again; if it keeps happening, call support with the reference above.',
    },
    print: 'Print receipt',
    pdf: 'Save PDF',
    newSale: 'New sale',
    tryAgain: 'Try again',
    printed: 'The receipt was sent to the printer.',
    pdfSaved: 'Receipt saved: {{path}}',
  },
  history: {
    title: 'History',
    search: 'Search',
    searchHint: 'Reference, order ID, last 4 digits or amount like 12.50',
    status: 'Status',
    allStatuses: 'All statuses',
    period: 'Date',
    periods: {
      any: 'Any time',
      today: 'Today',
      yesterday: 'Yesterday',
      last7: 'Last 7 days',
      last30: 'Last 30 days',
      thisMonth: 'This month',
      lastMonth: 'Last month',
      custom: 'Choose days…',
    },
    from: 'From',
    to: 'To',
    dayHint: 'Year-month-day',
    export: 'Export CSV',
    exported: '{{rows}} payments exported: {{path}}',
    exporting: 'Exporting… {{rows}} payments so far ({{percent}})',
    exportProgressLabel: 'Export progress',
    exportCancel: 'Cancel export',
    exportCancelled: 'Export cancelled. No file was saved.',
    empty: 'No payments match.',
    loading: 'Loading…',
    shown: 'Payments shown: {{payments}}',
    attemptsShown: 'Failed attempts shown: {{attempts}}',
    more: 'More load as you scroll.',
    list: 'Payments and attempts',
    columns: {
      date: 'Date',
      reference: 'Reference',
      card: 'Card',
      amount: 'Amount',
      status: 'Status',
    },
  },
  detail: {
    title: 'Payment details',
    back: 'Back to the list',
    transactions: 'Transactions',
    audit: 'Audit trail',
    type: 'Type',
    time: 'Time',
    step: 'Step',
    outcome: 'Outcome',
    note: 'Detail',
    operator: 'Operator',
    approvedBy: '{{operator}}, approved by {{approver}}',
    captured: 'Charged',
    refunded: 'Refunded',
    reprintCustomer: 'Print customer copy',
    reprintMerchant: 'Print merchant copy',
    refund: 'Refund',
  },
  refund: {
    title: 'Refund payment',
    full: 'Full refund of what is left: {{amount}}',
    partial: 'Partial refund',
    amount: 'Refund amount',
    confirm: 'Refund now',
    done: 'Refund done.',
    refused: 'The gateway refused the refund.',
    inDoubt:
      'The gateway did not answer. Check this payment again before refunding it a second time.',
  },
  languages: { en: 'English', ar: 'العربية' },
  /** The audit trail's steps and outcomes in words (the journal keeps code names). */
  status: {
    paid: 'Paid',
    declined: 'Declined',
    'authentication-failed': 'Verification failed',
    cancelled: 'Cancelled',
    expired: 'Expired',
    rejected: 'Card refused',
    error: 'Error',
    'in-doubt': 'Checking with the bank',
    'in-progress': 'In progress',
    refunded: 'Refunded',
    'partially-refunded': 'Partly refunded',
    voided: 'Voided',
    authorized: 'Held',
    released: 'Hold released',
    'hold-expired': 'Hold expired',
  },
  brands: { ...brandNames.en, unknown: 'Unknown brand' },
  /** The gateway's transaction words (GATEWAY.md enumerations); unknown ones show as sent. */
  transaction: {
    types: {
      Authentication: 'Authentication',
      Authorization: 'Authorisation',
      Capture: 'Capture',
      Pay: 'Payment',
      Refund: 'Refund',
      Reversal: 'Reversal',
      Void: 'Void',
      Installment: 'Instalment',
    },
    statuses: { InProgress: 'In progress', Success: 'Success', Failed: 'Failed' },
  },
  ...enOperators,
  ...enTeam,
  ...enAudit,
  ...enHolds,
  ...enReceipts,
  ...enAdoption,
  ...enShifts,
  ...enLinks,
  ...enPhones,
  ...enSameCard,
  ...enGlance,
  ...enStore,
  ...enStoreDay,
  ...enStoreAudit,
  ...enNotCharged,
  ...enLive,
  ...enAuditDetail,
  ...enUpdates,
  ...enCustomers,
  ...enSettings,
  errors: enErrors,
};

export type Translation = typeof en;
