import type { ExistingPayment, FailureParams } from '../../../shared/ipc';
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
  /** The values the refusal's sentence names (`same-card-in-doubt`: the payment in doubt). */
  params?: FailureParams;
}

export type EngineResult<T> = Result<T, EngineFailure>;

export const refusal = (
  code: string,
  message: string,
  existingPayment?: ExistingPayment,
): { readonly ok: false; readonly error: EngineFailure } =>
  err(existingPayment ? { code, message, existingPayment } : { code, message });

/** A refusal whose sentence names values (`params`), as `same-card-in-doubt` does. */
export const refusalNaming = (
  code: string,
  message: string,
  params: FailureParams,
): { readonly ok: false; readonly error: EngineFailure } => err({ code, message, params });
