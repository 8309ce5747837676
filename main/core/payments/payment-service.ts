import type {
  AttemptResult,
  HoldResult,
  RefundResult,
  SaleRequest,
  SaleStep,
} from '../../../shared/ipc';
import type { Currency } from '../../../shared/money/currencies';
import type { AttemptRecord, SaveCardRequest } from '../journal/journal';
import type { SavedCardRules } from '../../../shared/ipc-saved-cards';
import type { SavedPaymentRequest } from './saved-card-payments';
import type { CardCheckRequest } from './card-check';
import type { EngineResult } from './engine-failure';
import type { SameCardGuard } from './same-card-guard';

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
 * contract shapes. A request refused before anything reached the gateway (bad card, no
 * credentials, a sale already running, a reference already paid) is an `EngineFailure`
 * value; gateway outcomes are results. Nothing here throws for an operator's mistake.
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
    authorizeOnly?: boolean;
  }): Promise<{ prepared: boolean }>;
  /** Capture a hold in full; exactly once, in doubt settled by Get order. */
  capture(attemptId: string): Promise<EngineResult<HoldResult>>;
  /** Release a hold (the void of its authorization); exactly once, like capture. */
  release(attemptId: string): Promise<EngineResult<HoldResult>>;
  /**
   * Once the card number is complete, Initiate Authentication and the method page
   * run on the prepared session while the rest is typed. The number stays in memory for that
   * check only. A new request with other values replaces the check; resolves once Initiate
   * and the method page are done, true if the check stands ready for Pay.
   */
  checkCard(request: CardCheckRequest): Promise<boolean>;
  /** The form was cleared or the number changed: forget the card, cancel the check's order. */
  dropCardCheck(): { dropped: boolean };
  /**
   * Runs one attempt to its outcome; `in-doubt` results settle later through `onSettled`.
   * With `recordConsent` (the request's own `saveCard` is only what the screen asked) the
   * customer's consent is recorded once the sale has passed every check that could refuse it
   * before the gateway, and the gateway is asked for a token under the consent's agreement,
   * handed to `savedCards` once the sale is paid. A refused sale records no consent.
   */
  pay(
    request: SaleRequest,
    onProgress: (progress: SaleProgress) => void,
    recordConsent?: () => Promise<SaveCardRequest>,
  ): Promise<EngineResult<AttemptResult>>;
  /**
   * A payment with a saved card: customer present (`Internet`: token 3-D Secure) or
   * merchant-initiated (`Merchant`: under the card's agreement). Same rules as `pay`.
   */
  paySaved(
    request: SavedPaymentRequest,
    onProgress: (progress: SaleProgress) => void,
  ): Promise<EngineResult<AttemptResult>>;
  /** The merchant's token rules from the gateway (cached); `readAt` null when unreadable. */
  savedCardRules(): Promise<SavedCardRules>;
  /** No second charge while the first is in doubt: its list and the operator's choice. */
  sameCard: Pick<SameCardGuard, 'unsettled' | 'allow' | 'forbid'>;
  /** Cancels the running attempt if it has not sent Pay yet (Pay itself is never abandoned). */
  cancel(): { cancelled: boolean };
  /** Full refund of what the gateway shows as left when `amount` is absent. */
  refund(attemptId: string, amount?: string): Promise<EngineResult<RefundResult>>;
  /**
   * One settlement round now for an in-doubt attempt (the operator's "Check now"); answers
   * the attempt as the journal then has it. Never sends Pay.
   */
  check(attemptId: string): Promise<EngineResult<AttemptResult>>;
  /** Settles every in-doubt attempt in the journal (start-up). */
  reconcile(): Promise<void>;
  /** In-doubt attempts past their deadline, for a supervisor to check with the bank. */
  needingSupervisor(): AttemptRecord[];
  /** An in-doubt attempt reached its final outcome. */
  onSettled(listener: (result: AttemptResult) => void): () => void;
  close(): Promise<void>;
}
