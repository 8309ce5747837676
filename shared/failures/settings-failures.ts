/**
 * Every code the settings channels can fail with, for the renderer's translation tables
 * (English and Arabic) and the test that checks they cover them all.
 */
export const settingsFailureCodes = [
  'settings-return-host-invalid',
  'settings-custom-url-invalid',
  'settings-amount-cap-invalid',
  'settings-save-failed',
  'credentials-invalid',
  'secure-storage-unavailable',
  'settings-gateway-busy',
  'credentials-need-gateway',
  'connection-test-unavailable',
  'text-card-number',
  'text-bidi-control',
] as const;
export type SettingsFailureCode = (typeof settingsFailureCodes)[number];
