import type {
  AttemptDetail,
  AttemptResult,
  AttemptStatus,
  Failure,
  HistoryFilters,
  HistoryRow,
  CardSource,
} from '../../../shared/ipc';
import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';
import type { PaymentOperation } from '../gateway/gateway-client';
import type { AttemptState } from './attempt-state';
import type { CardCheckJournal } from './card-checks';
import type { SqliteFile } from '../platform/statement-cache';
import type { Durability } from '../platform/transaction';

/** What is known when an attempt starts. Card data is limited to brand, first 6, last 4. */
export interface NewAttempt {
  attemptId: string;
  merchantReferenceId: string;
  amountMinor: number;
  currency: Currency;
  brand: CardBrand | null;
  first6: string;
  last4: string;
  holderName: string;
  createdAt: number;
  /** The gateway base URL and merchant key the attempt uses; settlement uses the same. */
  gatewayBaseUrl?: string | null;
  merchantPublicKey?: string | null;
  /** The operator who took the sale; null while operators are off. */
  operatorId?: string | null;
  /** `PreAuthorize` for Authorize only (a hold); `Pay` when absent. */
  paymentOperation?: PaymentOperation;
  /** Keyed when absent. */
  cardSource?: CardSource;
  /** The customer asked to save the card: where its token goes once the sale is paid. */
  saveCard?: SaveCardRequest | null;
}

/** A keyed sale's request to save its card, with the consent recorded before it was sent. */
export interface SaveCardRequest {
  customerId: string;
  consentId: string;
  agreement: { id: string; type: 'Unscheduled' | 'Recurring' };
}

/** Fields the engine sets as the attempt moves; omitted fields are left unchanged. */
export interface AttemptPatch {
  /** Engine's state; the journal refuses a transition its table does not allow. */
  state?: AttemptState;
  /** What the history screen filters on. */
  status?: AttemptStatus;
  sessionId?: string | null;
  orderId?: string | null;
  threeDSecureId?: string | null;
  failure?: Failure | null;
  /** The order as shown to the operator (contract shape, no card data). */
  order?: AttemptResult['order'];
  refundedMinor?: number;
  /** Wall-clock epoch ms of the gateway session's creation and expiry. */
  sessionCreatedAt?: number | null;
  sessionExpiresAt?: number | null;
  /**
   * Wall-clock epoch ms before which "nothing on the order yet" is not final for the money
   * in doubt (set with `pay-sent` and `refund-sent`).
   */
  settleAfter?: number | null;
  /** Wall-clock epoch ms when the money was first seen held (Authorize only). */
  heldAt?: number | null;
}

export interface JournalEvent {
  step: string;
  outcome: string;
  detail?: string | null;
  operator?: string | null;
}

export interface AttemptRecord extends NewAttempt {
  gatewayBaseUrl: string | null;
  merchantPublicKey: string | null;
  state: AttemptState;
  status: AttemptStatus;
  sessionId: string | null;
  orderId: string | null;
  threeDSecureId: string | null;
  failure: Failure | null;
  order: AttemptResult['order'];
  refundedMinor: number;
  sessionCreatedAt: number | null;
  sessionExpiresAt: number | null;
  settleAfter: number | null;
  paymentOperation: PaymentOperation;
  heldAt: number | null;
  updatedAt: number;
}

/**
 * The durable record of every attempt (DESIGN.md §6). Every write is committed before it
 * returns, and a money message's record with synchronous=FULL (Durability), so the engine can
 * rely on "written, then sent".
 * `search` and `detail` are for the engine's own small reads (reconciliation, a refund's
 * answer); the history screen and exports read on their own thread (reader/journal-reader.ts).
 */
export interface Journal {
  createAttempt(attempt: NewAttempt, event: JournalEvent): void;
  /** Patch and audit event in one transaction. */
  transition(attemptId: string, patch: AttemptPatch, event: JournalEvent): void;
  /**
   * The writes `work` makes, committed together: all or none, with one disk flush. For
   * writes that fall between the same two network calls (Enter's latency).
   * `with-next` (see Durability) for writes that record no money message: a transition to
   * `pay-sent`, `refund-sent`, `capture-sent` or `release-sent` inside it is refused.
   */
  atomically<T>(work: () => T, durability?: Durability): T;
  get(attemptId: string): AttemptRecord | null;
  /** Attempts whose Pay may have reached the gateway without an answer. */
  inDoubt(): AttemptRecord[];
  /**
   * Sales and holds whose charge is not known yet (running, or Pay sent without an answer),
   * newest first, at most `limit`, with the card mask. A refund in doubt is not among them.
   */
  unsettled(limit: number): (AttemptRecord & { masked: string })[];
  /** Attempts with this merchant reference (ASCII case-insensitive), newest first. */
  byReference(merchantReferenceId: string): AttemptRecord[];
  /** Contract shape for the result screen and the settled event. */
  result(attemptId: string): AttemptResult | null;
  search(
    filters: HistoryFilters,
    cursor: string | null,
    limit: number,
  ): { rows: HistoryRow[]; nextCursor: string | null };
  detail(attemptId: string): AttemptDetail | null;
  /** Card checks started while the card is typed; never attempts, never History. */
  cardChecks: CardCheckJournal;
  /**
   * The open file, for the features that keep their tables in it (payment links): the
   * composition root builds their stores from it, so a link's ending commits with its
   * ledger row in one transaction.
   */
  file: SqliteFile;
  close(): void;
}
