import type { OperatorFailureCode } from '../../../shared/failures/operator-failures';
import { CodedFailure } from '../coded-failure';

/** A sign-in, permission or approval refusal; the renderer words it for the operator. */
export const operatorFailure = (code: OperatorFailureCode) => new CodedFailure(code);
