/**
 * Every code the store channels can fail with (besides the settings service's
 * `secure-storage-unavailable`), for the translation tables and their test.
 */
export const storeFailureCodes = [
  'store-not-configured',
  'store-unavailable',
  'store-unreachable',
  'store-refused',
  'store-not-migrated',
  'store-schema-newer',
  'store-counter-mismatch',
  'store-settings-invalid',
  // Acting on another counter's payment needs the store's claims.
  'store-offline-other-counter',
  // A refund from All counters of this counter's own payment, or while Training is on.
  'store-own-payment',
  'store-training-selected',
  // A capture or release of another counter's hold while one of them has no answer yet.
  'store-hold-action-in-doubt',
  // Off this computer the store is reached only over TLS with its certificate checked.
  'store-tls-required',
  // The server asked for the password in clear text or as MD5 (only SCRAM-SHA-256 is answered).
  'store-auth-not-scram',
  // The server changed and the password saved for the old one was dropped.
  'store-password-required',
  // Customers and saved cards: IT has not said which merchant account this counter works for,
  // or this counter's gateway settings name another account than the one IT bound it to.
  'store-merchant-unset',
  'store-merchant-mismatch',
] as const;
export type StoreFailureCode = (typeof storeFailureCodes)[number];
