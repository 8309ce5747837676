import { savedCardFailureCodes } from './saved-card-failures';

/**
 * Every failure code the payment engine produces, in `AttemptResult.failure.code`,
 * `RefundResult.failure.code` or a thrown `CodedFailure`. The renderer translates each one
 * (English and Arabic); a test checks it does. Codes of the shared input rules that the engine
 * passes through unchanged (card-number-*, cvv-*, expiry-*, amount-*, phone-*) are listed by
 * their own modules' error unions, not here.
 */
export const paymentFailureCodes = [
  // The request itself (thrown as CodedFailure before anything reaches the gateway).
  'sale-in-progress',
  'credentials-missing',
  'credentials-other-origin',
  'gateway-url-invalid',
  'gateway-url-not-https',
  'holder-name-required',
  'holder-name-invalid',
  'merchant-reference-required',
  'merchant-reference-invalid',
  'reference-in-use',
  'same-card-in-doubt',
  'credentials-changed',
  'attempt-not-found',
  'attempt-busy',
  'attempt-not-refundable',
  'refund-over-remaining',
  // Outcomes of an attempt.
  'card-declined',
  'card-rejected',
  'gateway-refused',
  'authentication-failed',
  'authentication-cancelled',
  'cancelled-by-operator',
  'session-expired',
  'gateway-unreachable',
  'gateway-timeout',
  'gateway-credentials-rejected',
  'gateway-request-invalid',
  'gateway-server-error',
  'gateway-invalid-response',
  'gateway-decision-unknown',
  'challenge-unavailable',
  'engine-error',
  'pay-outcome-unknown',
  'pay-needs-supervisor',
  'pay-not-completed',
  'pay-reversed',
  // Refunds.
  'refund-refused',
  'refund-outcome-unknown',
  'refund-not-completed',
  // Holds (Authorize only): capture and release.
  'hold-not-held',
  'hold-unreadable',
  'capture-refused',
  'capture-outcome-unknown',
  'capture-not-completed',
  'release-refused',
  'release-outcome-unknown',
  'release-not-completed',
  // Voids: Paydesk no longer voids; kept so older journals' records still read.
  'void-refused',
  'void-outcome-unknown',
  // Saved cards (tokens).
  ...savedCardFailureCodes,
] as const;

export type PaymentFailureCode = (typeof paymentFailureCodes)[number];
