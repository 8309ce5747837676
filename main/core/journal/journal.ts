import type {
  AttemptDetail,
  AttemptResult,
  AttemptStatus,
  Failure,
  HistoryFilters,
  HistoryRow,
} from '../../../shared/ipc';
import type { CardBrand } from '../../../shared/card/brands';
import type { Currency } from '../../../shared/money/currencies';

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
}

/** Fields the engine sets as the attempt moves; omitted fields are left unchanged. */
export interface AttemptPatch {
  /** Engine's step or final outcome, free text for the audit (e.g. `pay-sent`). */
  state?: string;
  /** What the history screen filters on. */
  status?: AttemptStatus;
  sessionId?: string | null;
  orderId?: string | null;
  threeDSecureId?: string | null;
  failure?: Failure | null;
  /** The order as shown to the operator (contract shape, no card data). */
  order?: AttemptResult['order'];
  refundedMinor?: number;
}

export interface JournalEvent {
  step: string;
  outcome: string;
  detail?: string | null;
  operator?: string | null;
}

export interface AttemptRecord extends NewAttempt {
  state: string;
  status: AttemptStatus;
  sessionId: string | null;
  orderId: string | null;
  threeDSecureId: string | null;
  failure: Failure | null;
  order: AttemptResult['order'];
  refundedMinor: number;
  updatedAt: number;
}

/**
 * The durable record of every attempt (DESIGN.md §6). Every write is committed with
 * synchronous=FULL before it returns, so the engine can rely on "written, then sent".
 * `search` and `detail` are for the engine's own small reads (reconciliation, a refund's
 * answer); the history screen and exports read on their own thread (journal-reader.ts).
 */
export interface Journal {
  createAttempt(attempt: NewAttempt, event: JournalEvent): void;
  /** Patch and audit event in one transaction. */
  transition(attemptId: string, patch: AttemptPatch, event: JournalEvent): void;
  get(attemptId: string): AttemptRecord | null;
  /** Attempts whose Pay may have reached the gateway without an answer. */
  inDoubt(): AttemptRecord[];
  /** Contract shape for the result screen and the settled event. */
  result(attemptId: string): AttemptResult | null;
  search(
    filters: HistoryFilters,
    cursor: string | null,
    limit: number,
  ): { rows: HistoryRow[]; nextCursor: string | null };
  detail(attemptId: string): AttemptDetail | null;
  close(): void;
}
