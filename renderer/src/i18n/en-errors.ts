import type { ErrorTable } from './error-codes';

/**
 * One plain sentence per error code the renderer can meet (DESIGN.md §8: errors are values
 * with codes, mapped to operator messages in one place): the one English failure table. Main
 * sends a code and, where a sentence names a value, that value as a param for its
 * placeholder. `unknown` covers codes added later.
 */
export const enErrors = {
  // Card, money and phone rules (shared/*).
  'card-number-required': 'Enter the card number.',
  'card-number-not-digits': 'The card number may contain only digits.',
  'card-number-length': 'The card number has the wrong number of digits for this card.',
  'card-number-luhn': 'This card number is not valid. Check each digit.',
  'cvv-required': 'Enter the CVV.',
  'cvv-not-digits': 'The CVV may contain only digits.',
  'cvv-length': 'The CVV has the wrong number of digits for this card.',
  'expiry-required': 'Enter the expiry date.',
  'expiry-format': 'Write the expiry as MM/YY, for example 07/29.',
  'expiry-month': 'The expiry month must be between 01 and 12.',
  'expiry-past': 'This card has expired.',
  'amount-required': 'Enter the amount.',
  'amount-format': 'Write the amount with digits and a point, for example 125.50.',
  'amount-negative': 'The amount cannot be negative.',
  'amount-zero': 'The amount must be more than zero.',
  'amount-decimals': 'This currency does not allow that many decimals.',
  'amount-over-cap': 'The amount is above the limit set for one sale.',
  'amount-not-exact':
    'This amount is too large to send to the gateway exactly (at most 15 digits). Split the sale.',
  'amount-third-decimal':
    'The gateway signs amounts with 2 decimals: the third decimal must be 0 (for example 10.250).',
  'text-card-number':
    'This looks like it holds a card number. Card numbers go only in the card number field.',
  'text-bidi-control':
    'This text holds invisible text-direction characters. Delete it and type it again.',
  'phone-country-code': 'This is not a country code: write + and its digits, for example +966.',
  'phone-number':
    'No phone has this number in that country. Check the digits, or start with + and the country code.',
  'phone-incomplete': 'Enter the country code, for example +966, or start the number with +.',
  'holder-name-required': 'Enter the name on the card.',
  'merchant-reference-required': 'Enter a merchant reference, or press New reference.',
  // The payment engine, IPC handlers and settings.
  'holder-name-invalid':
    'The cardholder name looks like a card number. Type the name printed on the card.',
  'merchant-reference-invalid':
    'The merchant reference looks like a card number. Use your own order or invoice number.',
  'sale-in-progress': 'Another payment is still running. Wait for its result first.',
  'gateway-url-invalid': 'The gateway address in Settings is not a valid URL.',
  'gateway-url-not-https': 'The gateway address in Settings must start with https://.',
  'attempt-not-found': 'That payment is not in the journal.',
  'attempt-busy': 'This payment is being changed right now. Wait a moment and try again.',
  'attempt-not-refundable': 'This payment cannot be refunded: nothing charged is left to refund.',
  'credentials-changed':
    'This sale was made with other merchant credentials. Restore them in Settings to refund or check it.',
  'refund-over-remaining': 'The refund is more than what is left to refund on this payment.',
  'card-declined': 'The bank declined the card.',
  'card-rejected': 'This card cannot be used for this payment.',
  'gateway-refused': 'The gateway refused the payment.',
  'authentication-failed': 'The customer did not pass their bank’s verification.',
  'authentication-cancelled': 'The customer verification window was closed before it finished.',
  'cancelled-by-operator': 'The payment was cancelled in Paydesk.',
  'session-expired': 'The payment session expired (sessions last 15 minutes).',
  'gateway-unreachable': 'Paydesk could not reach the gateway. Check the internet connection.',
  'gateway-certificate-untrusted':
    'This computer does not trust the gateway’s security certificate, so nothing was sent. If your network inspects secure connections, ask your IT team to add its certificate to the system’s trusted certificates.',
  'gateway-proxy-refused':
    'The network’s proxy refused the connection to the gateway, so nothing was sent. Ask your IT team to allow Paydesk through it.',
  'gateway-timeout': 'The gateway did not answer in time.',
  'gateway-credentials-rejected':
    'The gateway refused the merchant credentials. Check them in Settings.',
  'gateway-request-invalid': 'The gateway refused the request as invalid.',
  'gateway-server-error':
    'The gateway is not available right now (a fault on its side). Wait a moment and try again.',
  'gateway-invalid-response': 'The gateway sent an answer Paydesk could not read.',
  'gateway-decision-unknown':
    'The gateway gave an answer Paydesk does not know how to continue from.',
  'challenge-unavailable': 'The customer verification window could not be opened.',
  'engine-error': 'Paydesk stopped this payment because of an internal error.',
  'pay-outcome-unknown': 'The gateway did not confirm whether the card was charged.',
  'pay-not-completed':
    'The bank’s answer did not arrive, so Paydesk cancelled the order with the bank before any money was taken. The card was not charged.',
  'pay-reversed': 'The bank reversed the charge: the customer was not charged.',
  'pay-needs-supervisor':
    'The bank did not confirm whether the card was charged. A supervisor must check this payment with the bank; do not take it again.',
  'reference-in-use':
    'This merchant reference already has a payment that is paid or still being checked with the bank. Open that payment, or press New reference for a new sale.',
  'same-card-in-doubt':
    'A payment with this card and this amount is still awaiting bank confirmation. Nothing was sent. Charging the card again may charge the customer twice.',
  'refund-refused': 'The gateway refused the refund.',
  // Holds.
  'hold-not-held':
    'This payment is no longer held: it was captured, released or has expired. The list shows it as it stands now.',
  'hold-unreadable':
    'The gateway does not show this order as held right now. Nothing was sent; check the payment again in a moment.',
  'capture-refused':
    'The gateway refused the capture. The money is still held; nothing was charged.',
  'capture-outcome-unknown':
    'The gateway did not answer the capture. Paydesk keeps asking it; do not capture again until it answers.',
  'capture-not-completed':
    'The capture never reached the order: nothing was charged and the money is still held.',
  'release-refused': 'The gateway refused the release. The money is still held.',
  'release-outcome-unknown':
    'The gateway did not answer the release. Paydesk keeps asking it; do not release again until it answers.',
  'release-not-completed': 'The release never reached the order: the money is still held.',
  'refund-not-completed':
    'The refund never reached the order: nothing was refunded and the sale stays paid.',
  'refund-outcome-unknown':
    'The gateway did not confirm the refund. Check the payment before trying again.',
  'void-refused': 'The gateway refused to void this payment.',
  'void-outcome-unknown':
    'The gateway did not confirm the void. Check the payment before trying again.',
  'export-failed': 'The history could not be exported.',
  'export-running': 'An export is already running. Wait for it or cancel it.',
  'receipt-print-failed': 'The receipt could not be printed. Check the printer.',
  'receipt-print-timeout':
    'The printer did not answer. Check whether the receipt came out, and that the printer is on, has paper and is connected, before printing again.',
  'receipt-pdf-failed': 'The receipt could not be saved as PDF.',
  'receipt-not-found': 'This payment has no such receipt.',
  'receipt-merchant-name-required':
    'A receipt for a real payment needs the merchant name at its top. Enter it in Settings under Receipt header, then print again.',
  'settings-return-host-invalid': 'The return host must be a host name such as pay.example.com.',
  'settings-custom-url-invalid': 'The custom gateway URL must be a full https:// address.',
  'settings-amount-cap-invalid': 'The amount cap must be a positive amount such as 10000.00.',
  'settings-merchant-name-required':
    'Real payments need the merchant name on every receipt. Enter it under Receipt header.',
  'settings-save-failed': 'The settings could not be saved.',
  'credentials-invalid': 'Enter both the merchant public key and the API password.',
  'settings-gateway-busy':
    'Payments on the current gateway are still pending or awaiting the bank (listed in Settings). The gateway, its URL and credentials can change once they are settled.',
  'connection-test-unavailable': 'Test connection is not available in this window.',
  'credentials-need-gateway':
    'Choose and save the live gateway (environment or custom URL) first, then enter its credentials.',
  'credentials-other-origin':
    'The saved credentials belong to another gateway address. Enter the credentials for this gateway in Settings.',
  // The IPC bridge and router.
  'unknown-channel': 'Paydesk sent a request its main process does not know. Restart Paydesk.',
  'untrusted-sender': 'The request was refused because it did not come from Paydesk itself.',
  // {{fields}}: the names of the refused fields, as the router found them.
  // The router's `fields` param names what it refused, for support; a cashier needs only this.
  'invalid-request': 'Paydesk refused a request it could not read. Check the form and try again.',
  internal: 'Something went wrong inside Paydesk. Try again; if it repeats, call support.',
  'ipc-failed': 'The request did not reach Paydesk. Restart Paydesk if this repeats.',
  // Settings and credentials.
  'secure-storage-unavailable':
    'This computer offers no secure storage for secrets (the operating system’s key store), so Paydesk saves no password here and cannot join a store database.',
  'credentials-missing': 'Enter the gateway credentials in Settings before taking real payments.',
  // Sign-in, permissions and approvals.
  'signed-out': 'Sign in first.',
  locked: 'The terminal is locked. Sign in to continue.',
  forbidden: 'Your role does not allow this. Ask a supervisor or an admin.',
  'operators-required': 'Live payments need operators: create the first admin first.',
  'sign-in-failed': 'That operator ID and PIN or password do not match.',
  'operator-locked-out':
    'Too many wrong tries: this operator is locked for 30 minutes, or until an admin unlocks them.',
  'operator-disabled': 'This operator is switched off. Ask an admin.',
  'operator-exists': 'An operator with that ID already exists.',
  'operator-not-found': 'There is no operator with that ID.',
  'secret-invalid': 'A PIN must have 6 to 12 digits; a password must have at least 8 characters.',
  'last-admin': 'At least one admin must stay active.',
  'secret-mismatch': 'The two entries differ. Type the same PIN or password twice.',
  'self-disable': 'Nobody can switch off their own account. Ask another admin.',
  'store-needs-operators':
    'Other counters’ payments are shown only to a signed-in operator. Switch operators on in Settings, then sign in. This counter’s own payments stay in History.',
  'operator-first-sign-in-needs-store':
    'The store database cannot be reached, and this operator has not signed in at this counter before. Sign in with the store online, or with an operator who has signed in here.',
  'operators-need-store':
    'Operators are managed by the store database, which cannot be reached now. Try again when the store is back.',
  'store-has-operators':
    'This store already has operators. Type the ID and PIN or password of one of its admins.',
  'operators-already-on': 'Operators are already switched on.',
  'operators-live-only': 'Live mode needs operators, so they cannot be switched off.',
  'approval-required': 'A supervisor must approve this.',
  'approval-refused':
    'Not approved: the ID and PIN do not match, or that operator may not approve.',
  'self-approval': 'Another supervisor must approve this: nobody approves their own request.',
  'threshold-invalid': 'Write the threshold as an amount in that currency, for example 500.00.',
  'audit-key-unprotected':
    'The operating system’s secure storage never protected this computer’s audit trail key, so Paydesk cannot vouch that the trail is intact.',
  'audit-export-failed': 'The audit trail could not be exported.',
  // Shifts and reports.
  'shift-in-doubt':
    'A payment is awaiting bank confirmation: settle it or have a supervisor acknowledge it before closing the shift.',
  'shift-changed': 'The shift was closed meanwhile. Open the report again.',
  'not-in-doubt': 'That payment is not awaiting bank confirmation any more.',
  'not-adoptable': 'Reconcile again: there is no open difference for this order.',
  'no-such-z-report': 'There is no Z report with that number.',
  'report-output-failed': 'The report could not be printed or saved.',
  // Payment links.
  'link-contact-required': 'Enter the customer’s phone number or email to send the link to.',
  'link-email-invalid': 'The email must look like name@example.com.',
  'link-description-invalid':
    'The description must not contain a card number or hidden direction marks.',
  'link-not-found': 'That payment link is not in the journal.',
  'link-not-pending': 'The payment link has already ended (paid, held, expired or cancelled).',
  // Customers and saved cards.
  'customer-not-found': 'This customer is no longer in the customers list.',
  'customer-invalid':
    'Check the customer’s details: enter a name, a valid phone and email, and no card number in any field.',
  'saved-card-not-found': 'That saved card is no longer kept for this customer.',
  'customer-name-required': 'Type the customer’s name.',
  // Store mode.
  'store-not-configured': 'No store database is set up on this counter.',
  'store-unavailable': 'Store mode is not available in this version of Paydesk.',
  'store-unreachable':
    'The store database cannot be reached. Sales go on; the store views catch up when it is back.',
  'store-refused': 'The store database refused the request. Check the user and its rights.',
  'store-not-migrated': 'The store database is not set up yet: apply the database updates.',
  'store-schema-newer': 'A newer Paydesk updated the store database. Update this counter first.',
  'store-counter-mismatch': 'This counter already sends its payments under another counter ID.',
  'store-settings-invalid': 'Check the store settings: a field is empty or not valid.',
  'store-tls-required':
    'This server is not on this computer: choose TLS with the certificate and server name checked. Encryption can be off only for a database on this computer (127.0.0.1, ::1 or localhost).',
  'store-auth-not-scram':
    'The store server asked for the password in a form that exposes it (clear text or MD5). Paydesk sends it only with SCRAM-SHA-256: ask IT to set scram-sha-256 in pg_hba.conf and password_encryption.',
  'store-password-required':
    'The server, port, database, user or encryption changed: type the password again. A saved password is sent only to the server it was saved for.',
  'store-offline-other-counter':
    'This payment was made at another counter. Refunding it needs the store database, which cannot be reached now: refund it at its own counter, or try again when the store is back.',
  'store-own-payment':
    'This payment was made at this counter: refund it from this counter’s History.',
  'store-training-selected':
    'Payments of other counters are real payments: switch Training mode off in Settings to refund them.',
  'store-hold-action-in-doubt':
    'A capture or release of this hold has no answer from the gateway yet. Nothing was sent: check the payment again in a few minutes.',
  'store-merchant-unset':
    'The store database does not know yet which merchant account this counter works for, so its customers and saved cards cannot be shared. Ask IT to run add-counter with --merchant for this counter.',
  'store-merchant-mismatch':
    'This counter’s gateway settings name another merchant account than the one the store database holds for it. Customers and saved cards stay closed until the two match: ask IT.',
  'saved-card-expired':
    'This saved card has expired: nothing was charged. Ask the customer for another card.',
  'saved-card-refused':
    'The gateway no longer accepts this saved card: nothing was charged. It is marked on the customer; key the card in instead.',
  'saved-card-cvv-required':
    'This merchant account needs the card’s CVV for saved cards: ask the customer for it and pay again.',
  'saved-card-agreement':
    'This card can be charged without the customer only under the agreement it was saved with: nothing was charged. Pay with the customer present instead.',
  'saved-cards-off':
    'Saved cards are not enabled for this merchant account (or not for payments without the customer): nothing was charged.',
  unknown: 'Something went wrong. Try again; if it repeats, call support with the details below.',
} satisfies ErrorTable;
