import type { AttemptResult, RefundResult, SaleRequest, SaleStep } from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';

export interface SaleProgress {
  attemptId: string;
  step: SaleStep;
  /** Epoch ms when the step began. */
  at: number;
  /** Milliseconds since the operator pressed Pay. */
  elapsedMs: number;
}

/**
 * What the IPC handlers call for money movement. Inputs arrive as the renderer typed them
 * (already schema-parsed); the service re-validates with the shared rules and answers with
 * contract shapes. Operator-facing failures of the request itself (bad card, no credentials,
 * a sale already running) are thrown as `IpcFailure` with a code; gateway outcomes are
 * results, never throws.
 */
export interface PaymentService {
  /**
   * Warm the connection and create the session while the card is being typed. The session is
   * signed with the merchant reference, so it is prepared only when the reference is given
   * (and reused only by a sale with the same amount, currency and reference).
   */
  prepare(request: {
    amount: string;
    currency: Currency;
    merchantReferenceId?: string;
  }): Promise<{ prepared: boolean }>;
  /** Runs one attempt to its outcome; `in-doubt` results settle later through `onSettled`. */
  pay(request: SaleRequest, onProgress: (progress: SaleProgress) => void): Promise<AttemptResult>;
  /** Cancels the running attempt if it has not sent Pay yet (Pay itself is never abandoned). */
  cancel(): { cancelled: boolean };
  /** Full refund when `amount` is absent. */
  refund(attemptId: string, amount?: string): Promise<RefundResult>;
  voidOrder(attemptId: string, reason: string): Promise<RefundResult>;
  /** Settles every in-doubt attempt in the journal through Get order (start-up). */
  reconcile(): Promise<void>;
  /** An in-doubt attempt reached its final outcome. */
  onSettled(listener: (result: AttemptResult) => void): () => void;
  close(): Promise<void>;
}
