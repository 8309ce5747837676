import type { CardNumberError } from '../../../shared/card/number';
import type { CvvError } from '../../../shared/card/cvv';
import type { ExpiryError } from '../../../shared/card/expiry';
import type { ExactAmountError } from '../../../shared/money/exact-amount';
import type { PhoneError } from '../../../shared/phone';
import type { OperatorTextError } from '../../../shared/text/operator-text';

/** Codes of the shared rules: the type makes a missing sentence a compile error. */
export type RuleErrorCode =
  CardNumberError | CvvError | ExpiryError | ExactAmountError | PhoneError | OperatorTextError;

/** Codes the renderer's own form checks produce (rules no shared module owns). */
export type FormErrorCode = 'holder-name-required' | 'merchant-reference-required';

/**
 * An error table must name every rule code and `unknown`; further codes (router, payment
 * engine, settings) are listed too and checked against their sources by a unit test.
 */
export type ErrorTable = Record<RuleErrorCode | FormErrorCode | 'unknown', string> &
  Record<string, string>;
