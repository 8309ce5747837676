import type { ExistingPayment } from '../../../shared/ipc';
import { err, type Result } from '../../../shared/result';

/**
 * A request the engine refused before any money moved (bad input, no credentials, a sale
 * already running, a reference already paid), as a value. Only the IPC layer turns it into
 * an IPC error; the engine itself never throws for an operator's mistake.
 */
export interface EngineFailure {
  /** A `PaymentFailureCode`, or a code of the shared input rules passed through. */
  code: string;
  message: string;
  /** With `reference-in-use`: the payment that already holds the merchant reference. */
  existingPayment?: ExistingPayment;
}

export type EngineResult<T> = Result<T, EngineFailure>;

export const refusal = (
  code: string,
  message: string,
  existingPayment?: ExistingPayment,
): { readonly ok: false; readonly error: EngineFailure } =>
  err(existingPayment ? { code, message, existingPayment } : { code, message });
