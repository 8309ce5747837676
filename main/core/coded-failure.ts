import type { ExistingPayment, FailureParams } from '../../shared/ipc';

/**
 * A refusal the operator is told about, by code (DESIGN.md §9): a feature throws or returns
 * it, and only ipc/ turns it into the IPC error the renderer translates. Anything else thrown
 * is a bug and crosses the bridge only as `internal` (its text may hold details we never
 * show). The sentence is the renderer's, in the operator's language: main sends the code and
 * the values the sentence names (`params`), never words of its own. `message` is only the
 * code, for logs and stack traces.
 */
export class CodedFailure extends Error {
  constructor(
    readonly code: string,
    readonly params?: FailureParams,
    readonly correlationId: string | null = null,
    /** The payment already holding a merchant reference (`reference-in-use`). */
    readonly existingPayment?: ExistingPayment,
  ) {
    super(code);
    this.name = 'CodedFailure';
  }
}
