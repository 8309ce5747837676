import { create, type StoreApi } from 'zustand';
import type {
  AttemptResult,
  IpcError,
  IpcResult,
  Outcome,
  SaleRequest,
  SaleStep,
  SavedSaleRequest,
} from '../../../shared/ipc';
import type { CustomerView } from '../../../shared/ipc-customers';
import { unpaidOutcomes } from '../../../shared/ipc-attempts';
import { parseAmount } from '../../../shared/money/amount';
import type { Currency } from '../../../shared/money/currencies';
import { paydesk } from '../paydesk';
import { generateMerchantReference } from '../sale/merchant-reference';
import {
  applyProgress,
  initialProgress,
  settleShown,
  withSettlement,
  type ProgressEvent,
  type ProgressState,
} from './sale-progress';

/**
 * The parts of the sale form that may outlive one attempt. Card number, expiry, CVV and
 * holder name are deliberately absent: they stay in the form component and are gone the
 * moment Pay is pressed.
 */
export interface SaleDraft {
  amount: string;
  /** Null: the settings' default currency. */
  currency: Currency | null;
  merchantReferenceId: string;
  /** Null: the store country's calling code (Settings), which the forms show filled in. */
  phoneCountryCode: string | null;
  phoneNumber: string;
  /** Authorize only (a hold); null: the settings' default. */
  authorizeOnly: boolean | null;
  /** The customer the sale is for (their saved cards offered, or the card saved for them). */
  customer: CustomerView | null;
}

/**
 * Who starts a payment with a saved card: the customer, present at the counter or on the
 * phone (their verification and, where the gateway asks, the CVV), or the merchant under
 * the agreement the customer gave (no challenge).
 */
export type SavedCardInitiator = 'customer' | 'merchant';

/** The operator's "Check now" on a result in doubt. */
export type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  /** Asked at `at` (this window's clock): the bank had no answer yet. */
  | { kind: 'unanswered'; at: number }
  | { kind: 'failed'; error: IpcError };

export type SalePhase =
  | {
      kind: 'form';
      error: IpcError | null;
      /** Same amount, currency, reference and phone as a sale that certainly charged nothing. */
      retry: boolean;
    }
  | {
      kind: 'progress';
      /** What is being charged, for the screen; null only if the amount text is odd. */
      amountMinor: number | null;
      currency: Currency;
      startedAt: number;
      progress: ProgressState;
      cancel: 'idle' | 'requested' | 'refused';
      /** Authorize only: the money is held, not charged, and the steps say so. */
      hold: boolean;
    }
  | {
      kind: 'result';
      result: AttemptResult;
      /** An in-doubt result that the bank's answer replaced while on screen. */
      settledLater: boolean;
      /** When Pay was pressed (this window's clock), for the in-doubt screen's elapsed time. */
      startedAt: number;
      /** The steps the attempt reported before its result. */
      seen: readonly SaleStep[];
      check: CheckState;
    };

interface SaleState {
  phase: SalePhase;
  draft: SaleDraft;
  /**
   * Bumped by every start over: the sale form is keyed by it, so whatever card data its
   * component state still holds is dropped even when the phase was already `form` (the
   * menu's New sale while a card is half typed).
   */
  formKey: number;
  /** Recent settlements by attempt, for a settled event that overtakes the Pay answer. */
  settled: ReadonlyMap<string, AttemptResult>;
  editDraft(changes: Partial<SaleDraft>): void;
  /** Escape on the form, and New sale: a blank form with a fresh reference. */
  startOver(): void;
  /**
   * Try again after an outcome that certainly charged nothing: the same draft (amount,
   * currency, reference, phone) in a fresh form whose card fields are empty. Refused while
   * the outcome is unknown, or for a paid sale.
   */
  tryAgain(): void;
  pay(request: SaleRequest): Promise<void>;
  /** A payment with one of the chosen customer's saved cards: no card number is keyed. */
  paySaved(request: SavedSaleRequest, initiator: SavedCardInitiator): Promise<void>;
  cancel(): Promise<void>;
  /** Asks main to check an in-doubt result with the bank now (never charges again). */
  checkNow(): Promise<void>;
  receiveProgress(event: ProgressEvent): void;
  receiveSettled(result: AttemptResult): void;
}

/** Outcomes after which nothing was charged, so the same sale may be keyed again. */
export const retryableOutcomes: ReadonlySet<Outcome> = new Set<Outcome>(unpaidOutcomes);

const blankDraft = (): SaleDraft => ({
  amount: '',
  currency: null,
  merchantReferenceId: generateMerchantReference(new Date()),
  phoneCountryCode: null,
  phoneNumber: '',
  authorizeOnly: null,
  customer: null,
});

// Only the last few matter (the attempt on screen); older ones are dropped.
const settledMemory = 20;

/** One payment, whichever card it uses: its progress, then the result or the refusal. */
async function runPayment(
  set: StoreApi<SaleState>['setState'],
  get: StoreApi<SaleState>['getState'],
  request: { amount: string; currency: Currency; authorizeOnly?: boolean | undefined },
  send: () => Promise<IpcResult<AttemptResult>>,
): Promise<void> {
  const amount = parseAmount(request.amount, request.currency);
  set({
    phase: {
      kind: 'progress',
      amountMinor: amount.ok ? amount.value : null,
      currency: request.currency,
      startedAt: Date.now(),
      progress: initialProgress,
      cancel: 'idle',
      hold: request.authorizeOnly === true,
    },
  });
  const answer = await send();
  if (!answer.ok) {
    set({ phase: { kind: 'form', error: answer.error, retry: false } });
    return;
  }
  const result = withSettlement(answer.value, get().settled);
  const progress = get().phase;
  set({
    phase: {
      kind: 'result',
      result,
      settledLater: result !== answer.value,
      startedAt: progress.kind === 'progress' ? progress.startedAt : Date.now(),
      seen: progress.kind === 'progress' ? progress.progress.seen : [],
      check: { kind: 'idle' },
    },
  });
}

export const useSaleStore = create<SaleState>()((set, get) => ({
  phase: { kind: 'form', error: null, retry: false },
  draft: blankDraft(),
  formKey: 0,
  settled: new Map(),
  editDraft(changes) {
    set({ draft: { ...get().draft, ...changes } });
  },
  startOver() {
    set({
      draft: blankDraft(),
      phase: { kind: 'form', error: null, retry: false },
      formKey: get().formKey + 1,
    });
  },
  tryAgain() {
    const { phase } = get();
    if (phase.kind !== 'result' || !retryableOutcomes.has(phase.result.outcome)) return;
    // The draft was never cleared by Pay: it is exactly what the failed attempt charged.
    set({ phase: { kind: 'form', error: null, retry: true }, formKey: get().formKey + 1 });
  },
  pay(request) {
    return runPayment(set, get, request, () => paydesk().salePay(request));
  },
  paySaved(request, initiator) {
    return runPayment(set, get, request, () =>
      initiator === 'merchant'
        ? paydesk().saleChargeSaved(request)
        : paydesk().salePaySaved(request),
    );
  },
  async cancel() {
    const { phase } = get();
    if (phase.kind !== 'progress') return;
    set({ phase: { ...phase, cancel: 'requested' } });
    const answer = await paydesk().saleCancel({});
    const now = get().phase;
    if (now.kind === 'progress' && !(answer.ok && answer.value.cancelled)) {
      set({ phase: { ...now, cancel: 'refused' } });
    }
  },
  async checkNow() {
    const { phase } = get();
    if (phase.kind !== 'result' || phase.result.outcome !== 'in-doubt') return;
    if (phase.check.kind === 'checking') return;
    const { attemptId } = phase.result;
    set({ phase: { ...phase, check: { kind: 'checking' } } });
    const answer = await paydesk().attemptCheck({ attemptId });
    const now = get().phase;
    // The operator moved on, or the settled event got here first: nothing to update.
    if (now.kind !== 'result' || now.result.attemptId !== attemptId) return;
    if (now.result.outcome !== 'in-doubt') return;
    if (!answer.ok) {
      set({ phase: { ...now, check: { kind: 'failed', error: answer.error } } });
      return;
    }
    const known = answer.value.outcome !== 'in-doubt';
    set({
      phase: {
        ...now,
        result: answer.value,
        settledLater: known,
        check: known ? { kind: 'idle' } : { kind: 'unanswered', at: Date.now() },
      },
    });
  },
  receiveProgress(event) {
    const { phase } = get();
    if (phase.kind !== 'progress') return;
    set({ phase: { ...phase, progress: applyProgress(phase.progress, event, Date.now()) } });
  },
  receiveSettled(result) {
    const settled = new Map(get().settled);
    settled.set(result.attemptId, result);
    while (settled.size > settledMemory) settled.delete(settled.keys().next().value as string);
    const { phase } = get();
    if (phase.kind === 'result') {
      const shown = settleShown(phase.result, result);
      if (shown !== phase.result) {
        set({ settled, phase: { ...phase, result: shown, settledLater: true } });
        return;
      }
    }
    set({ settled });
  },
}));
