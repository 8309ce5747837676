import type { OperatorFailureCode } from '../../../shared/failures/operator-failures';
import { CodedFailure } from '../coded-failure';

/** Codes of sign-in, permissions and approvals, with the sentence main logs and sends. */
export const operatorFailureMessages = {
  'signed-out': 'Sign in first.',
  locked: 'The terminal is locked. Sign in to continue.',
  forbidden: 'Your role does not allow this.',
  'operators-required': 'Live payments need operators: create the first admin first.',
  'sign-in-failed': 'That operator ID and PIN or password do not match.',
  'operator-locked-out': 'Too many wrong tries: this operator is locked for 30 minutes.',
  'operator-disabled': 'This operator is switched off.',
  'operator-exists': 'An operator with that ID already exists.',
  'operator-not-found': 'There is no operator with that ID.',
  'secret-invalid': 'A PIN has 6 to 12 digits; a password has 8 to 128 characters.',
  'last-admin': 'At least one admin must stay active.',
  'operators-already-on': 'Operators are already switched on.',
  'operators-live-only': 'Live mode needs operators: they cannot be switched off.',
  'approval-required': 'A supervisor must approve this.',
  'approval-refused': 'The approver’s ID and PIN do not match, or they may not approve this.',
  'self-approval': 'Another supervisor must approve this: nobody approves their own request.',
  'threshold-invalid': 'Write each threshold as an amount in that currency, for example 500.00.',
  'audit-export-failed': 'The audit trail could not be exported.',
} as const satisfies Record<OperatorFailureCode, string>;

export const operatorFailure = (code: OperatorFailureCode) =>
  new CodedFailure(code, operatorFailureMessages[code]);
