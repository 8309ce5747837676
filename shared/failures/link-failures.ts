/**
 * Failure codes of the payment-link channels, besides the shared input rules' and the gateway
 * codes the payment engine already names. The renderer translates each one; a test checks it
 * does.
 */
export const linkFailureCodes = [
  'link-contact-required',
  'link-email-invalid',
  'link-description-invalid',
  'link-not-found',
  'link-not-pending',
] as const;

export type LinkFailureCode = (typeof linkFailureCodes)[number];
