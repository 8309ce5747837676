import type { ExistingPayment } from '../../shared/ipc';

/**
 * A refusal the operator is told about, by code (DESIGN.md §9): a feature throws or returns
 * it, and only ipc/ turns it into the IPC error the renderer translates. Anything else thrown
 * is a bug and crosses the bridge only as `internal` (its text may hold details we never
 * show). `message` is for the log, never for the screen.
 */
export class CodedFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly correlationId: string | null = null,
    /** The payment already holding a merchant reference (`reference-in-use`). */
    readonly existingPayment?: ExistingPayment,
  ) {
    super(message);
    this.name = 'CodedFailure';
  }
}
