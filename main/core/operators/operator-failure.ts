import type { OperatorFailureCode } from '../../../shared/failures/operator-failures';
import type { FailureParams } from '../../../shared/ipc';
import { CodedFailure } from '../coded-failure';
import { lockoutPolicy } from './lockout';

/**
 * A sign-in, permission or approval refusal; the renderer words it for the operator, with
 * the values it names (`triesLeft`, `lockedUntil`).
 */
export const operatorFailure = (code: OperatorFailureCode, params?: FailureParams) =>
  new CodedFailure(code, params);

/** A wrong secret for a known operator: how many tries are left before the lock. */
export const wrongTry = (failures: number) =>
  operatorFailure('sign-in-failed', {
    triesLeft: Math.max(0, lockoutPolicy.maxFailures - failures),
  });

/** A locked-out operator, with the time (epoch ms) the lock ends on its own. */
export const lockedOut = (lockedUntil: number | null) =>
  operatorFailure('operator-locked-out', lockedUntil === null ? undefined : { lockedUntil });
