import type { CardNumberError } from '../../../shared/card/number';
import type { CvvError } from '../../../shared/card/cvv';
import type { ExpiryError } from '../../../shared/card/expiry';
import type { ExactAmountError } from '../../../shared/money/exact-amount';
import type { PhoneError } from '../../../shared/phone';
import type { OperatorTextError } from '../../../shared/text/operator-text';
import type { HandlerFailureCode } from '../../../shared/failures/handler-failures';
import type { LinkFailureCode } from '../../../shared/failures/link-failures';
import type { OperatorFailureCode } from '../../../shared/failures/operator-failures';
import type { PaymentFailureCode } from '../../../shared/failures/payment-failures';
import type { SettingsFailureCode } from '../../../shared/failures/settings-failures';
import type { ShiftFailureCode } from '../../../shared/failures/shift-failures';
import type { StoreFailureCode } from '../../../shared/failures/store-failures';
import type { CustomerFailureCode } from '../../../shared/failures/customer-failures';

/** Codes of the shared rules: the type makes a missing sentence a compile error. */
export type RuleErrorCode =
  CardNumberError | CvvError | ExpiryError | ExactAmountError | PhoneError | OperatorTextError;

/** Codes the renderer's own form checks produce (rules no shared module owns). */
export type FormErrorCode =
  'holder-name-required' | 'merchant-reference-required' | 'customer-name-required';

/** Codes main's features fail with, from their lists in shared/failures/. */
export type FeatureFailureCode =
  | PaymentFailureCode
  | SettingsFailureCode
  | ShiftFailureCode
  | LinkFailureCode
  | StoreFailureCode
  | OperatorFailureCode
  | HandlerFailureCode
  | CustomerFailureCode;

/**
 * The one error table of a language must name every rule code, every feature's failure code
 * and `unknown` (a missing sentence is a compile error); further codes (router, bridge) are
 * listed too and checked against their sources by a unit test.
 */
export type ErrorTable = Record<
  RuleErrorCode | FormErrorCode | FeatureFailureCode | 'unknown',
  string
> &
  Record<string, string>;
