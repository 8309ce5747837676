import type { AttemptResult } from '../../../shared/ipc';

/** The sale's own receipt, a hold's capture or release receipt, or one refund's receipt. */
export type ReceiptKind = 'sale' | 'capture' | 'release' | 'refund';

/** What a receipt says the transaction was, printed on every receipt. */
export type TransactionType = 'purchase' | 'hold' | 'capture' | 'void' | 'refund';

/** The receipt's heading beyond the attempt's own outcome: what the payment is now. */
export type ReceiptState =
  | { kind: 'outcome' }
  | { kind: 'captured' }
  | { kind: 'released' }
  | { kind: 'partly-refunded' }
  | { kind: 'fully-refunded' }
  | { kind: 'refund' };

/** Figures a receipt lists under the amount once money went back to the card. */
export interface RefundFigures {
  originalMinor: number;
  refundedMinor: number;
  stillChargedMinor: number;
}

export interface ReceiptFacts {
  transactionType: TransactionType;
  state: ReceiptState;
  /** The large amount: what the receipt is for (a refund's own amount, or what is charged now). */
  amountMinor: number;
  /** When what the receipt is for happened. */
  at: number;
  /** The order's codes for what the receipt is for (a refund's own, when the gateway gave them). */
  authorizationCode: string | null;
  rrn: string | null;
  refunds: RefundFigures | null;
  /** A refund receipt whose refund left nothing charged. */
  nowFullyRefunded: boolean;
  /** How a saved card was used; null for a card typed in (no line, as before saved cards). */
  savedCard: SavedCardUse | null;
}

/**
 * A saved card's use, and for a merchant-initiated payment whether this receipt is for
 * money taken without the customer there (not for a refund, a release or a refusal).
 */
export interface SavedCardUse {
  source: 'saved' | 'merchant-initiated';
  chargedWithoutCustomer: boolean;
}

const savedCardUse = (result: AttemptResult, charged: boolean): SavedCardUse | null =>
  result.cardSource === 'saved' || result.cardSource === 'merchant-initiated'
    ? {
        source: result.cardSource,
        chargedWithoutCustomer: charged && result.cardSource === 'merchant-initiated',
      }
    : null;

type Transaction = NonNullable<AttemptResult['order']>['transactions'][number];

const successful = (result: AttemptResult, type: string): Transaction[] =>
  (result.order?.transactions ?? []).filter((t) => t.type === type && t.status === 'Success');

const timeOf = (transaction: Transaction | undefined): number | null => {
  const at = transaction?.createdAt ? Date.parse(transaction.createdAt) : Number.NaN;
  return Number.isNaN(at) ? null : at;
};

/** A receipt asked for that the payment does not have (no such refund, no capture). */
export class NoSuchReceipt extends Error {
  constructor(kind: ReceiptKind) {
    super(`the payment has no ${kind} receipt`);
    this.name = 'NoSuchReceipt';
  }
}

/**
 * What one receipt of a payment says, from the payment as the journal has it now: a reprint
 * of a refunded sale is headed by its refund, with what is still charged, never by the
 * APPROVED of the day it was paid. `refund` is the refund's place among the order's
 * successful refunds, oldest first.
 */
export function receiptFacts(result: AttemptResult, kind: ReceiptKind, refund = 0): ReceiptFacts {
  const order = result.order;
  const refunded = kind === 'release' ? 0 : (order?.refundedMinor ?? 0);
  const figures = (refundedMinor: number): RefundFigures => ({
    originalMinor: result.amountMinor,
    refundedMinor,
    stillChargedMinor: Math.max(0, result.amountMinor - refundedMinor),
  });
  const codes = {
    authorizationCode: order?.authorizationCode ?? null,
    rrn: order?.rrn ?? null,
  };

  if (kind === 'refund') {
    const refunds = successful(result, 'Refund');
    const own = refunds[refund];
    if (!own) throw new NoSuchReceipt(kind);
    const through = refunds.slice(0, refund + 1).reduce((sum, t) => sum + t.amountMinor, 0);
    const after = figures(through);
    return {
      transactionType: 'refund',
      state: { kind: 'refund' },
      amountMinor: own.amountMinor,
      at: timeOf(own) ?? result.createdAt,
      authorizationCode: own.authorizationCode,
      rrn: own.rrn,
      refunds: after,
      nowFullyRefunded: after.stillChargedMinor === 0,
      savedCard: savedCardUse(result, false),
    };
  }

  const hold = kind === 'sale' ? null : successful(result, kind === 'capture' ? 'Capture' : 'Void');
  if (hold && hold.length === 0) throw new NoSuchReceipt(kind);
  const charged = kind === 'capture' || (kind === 'sale' && result.outcome === 'paid');
  const refundState: ReceiptState | null =
    charged && refunded > 0
      ? { kind: refunded >= result.amountMinor ? 'fully-refunded' : 'partly-refunded' }
      : null;
  const holdState: ReceiptState =
    kind === 'capture'
      ? { kind: 'captured' }
      : kind === 'release'
        ? { kind: 'released' }
        : { kind: 'outcome' };
  return {
    transactionType:
      kind === 'capture'
        ? 'capture'
        : kind === 'release'
          ? 'void'
          : result.outcome === 'authorized'
            ? 'hold'
            : 'purchase',
    state: refundState ?? holdState,
    amountMinor: refundState ? figures(refunded).stillChargedMinor : result.amountMinor,
    at: timeOf(hold?.at(-1)) ?? result.createdAt,
    ...codes,
    refunds: refundState ? figures(refunded) : null,
    nowFullyRefunded: false,
    savedCard: savedCardUse(result, charged),
  };
}
