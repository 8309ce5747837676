import type { ErrorTable } from './error-codes';

/**
 * One plain sentence per error code the renderer can meet (DESIGN.md §8: errors are values
 * with codes, mapped to operator messages in one place). `unknown` covers codes added later.
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
  'phone-country-code': 'Write the country code as + and 1 to 3 digits, for example +966.',
  'phone-number': 'The phone number must have 4 to 14 digits.',
  'phone-incomplete': 'Enter both the country code and the phone number, or neither.',
  'holder-name-required': 'Enter the name on the card.',
  // The IPC bridge and router.
  'unknown-channel': 'Paydesk sent a request its main process does not know. Restart Paydesk.',
  'untrusted-sender': 'The request was refused because it did not come from Paydesk itself.',
  'invalid-request': 'Paydesk refused a request it could not read. Check the form and try again.',
  internal: 'Something went wrong inside Paydesk. Try again; if it repeats, call support.',
  'ipc-failed': 'The request did not reach Paydesk. Restart Paydesk if this repeats.',
  // Settings and credentials.
  'secure-storage-unavailable':
    'This computer offers no secure storage, so the credentials cannot be saved.',
  'credentials-missing': 'Enter the gateway credentials in Settings before taking real payments.',
  unknown: 'Something went wrong. Try again; if it repeats, call support with the reference.',
} satisfies ErrorTable;
