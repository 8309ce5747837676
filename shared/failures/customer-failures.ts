/**
 * Codes the customers channels fail with, for the renderer's translation tables.
 * `customer-invalid` carries `field` (name, phone, email, notes) and `problem` (what
 * customer-rules.ts found) as params.
 */
export const customerFailureCodes = [
  'customer-not-found',
  'customer-invalid',
  'saved-card-not-found',
] as const;
export type CustomerFailureCode = (typeof customerFailureCodes)[number];
