/** Codes of sign-in, permissions and approvals; the renderer says what each means. */
export const operatorFailureCodes = [
  'signed-out',
  'locked',
  'forbidden',
  'operators-required',
  'sign-in-failed',
  'operator-locked-out',
  'operator-disabled',
  'operator-exists',
  'operator-not-found',
  'secret-invalid',
  'last-admin',
  // Nobody switches off their own account: the one who could switch it on again.
  'self-disable',
  // Store mode without operators: every counter's payments need a signed-in operator.
  'store-needs-operators',
  'operators-already-on',
  'operators-live-only',
  'approval-required',
  'approval-refused',
  'self-approval',
  'threshold-invalid',
  'audit-export-failed',
  // Store mode: the store checks operators.
  'operator-first-sign-in-needs-store',
  'operators-need-store',
  'store-has-operators',
  // Verify on a counter whose audit key the OS never protected (no secure storage).
  'audit-key-unprotected',
] as const;
export type OperatorFailureCode = (typeof operatorFailureCodes)[number];
