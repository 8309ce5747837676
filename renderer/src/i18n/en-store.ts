import type { StoreFailureCode } from '../../../shared/failures/store-failures';

/** English for store mode (issue 19): Settings, the top bar, the store-wide History. */
export const enStore = {
  store: {
    title: 'Store database',
    intro:
      'Counters of one store share one PostgreSQL database: one History and one end of day across them. Sales never wait for it.',
    host: 'Server',
    port: 'Port',
    database: 'Database',
    user: 'User',
    password: 'Password',
    passwordKept: 'A password is saved. Leave empty to keep it.',
    tls: 'Encryption',
    tlsModes: {
      'verify-full': 'TLS, certificate and server name checked',
      off: 'None (only on a trusted network)',
    },
    caPem: 'Certificate authority (PEM)',
    caPemHint: 'Leave empty to trust the system’s certificate authorities.',
    counterId: 'Counter ID',
    counterIdHint: 'Letters, digits, - and _; cannot change once connected',
    counterName: 'Counter name',
    connect: 'Save and connect',
    saved: 'Saved. This counter now sends its payments to the store.',
    migrate: 'Apply database updates',
    migrated: 'The store database is up to date (version {{version}}).',
    offline: 'Store offline since {{since}}, {{waiting}} records waiting',
    offlineOne: 'Store offline since {{since}}, {{waiting}} record waiting',
    view: 'All counters',
    historyTitle: 'All counters',
    search: 'Search',
    counter: 'Counter',
    operator: 'Operator',
    rowsLabel: 'Payments of every counter',
    empty: 'No payments in the store match.',
    refund: 'Refund',
    more: 'Show more',
  },
};

export const enStoreErrors: Record<StoreFailureCode, string> = {
  'store-not-configured': 'No store database is set up on this counter.',
  'store-unavailable': 'Store mode is not available in this version of Paydesk.',
  'store-unreachable':
    'The store database cannot be reached. Sales go on; the store views catch up when it is back.',
  'store-refused': 'The store database refused the request. Check the user and its rights.',
  'store-not-migrated': 'The store database is not set up yet: apply the database updates.',
  'store-schema-newer': 'A newer Paydesk updated the store database. Update this counter first.',
  'store-counter-mismatch': 'This counter already sends its payments under another counter ID.',
  'store-settings-invalid': 'Check the store settings: a field is empty or not valid.',
  'store-offline-other-counter':
    'This payment was made at another counter. Refunding it needs the store database, which cannot be reached now: refund it at its own counter, or try again when the store is back.',
  'store-own-payment':
    'This payment was made at this counter: refund it from this counter’s History.',
  'store-training-selected':
    'Payments of other counters are real payments: switch Training mode off in Settings to refund them.',
  'store-hold-action-in-doubt':
    'A capture or release of this hold has no answer from the gateway yet. Nothing was sent: check the payment again in a few minutes.',
};
