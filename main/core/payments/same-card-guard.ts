import type { FailureParams } from '../../../shared/ipc';
import { cardFirst6Last4 } from '../../../shared/card/format';
import { validateCardNumber } from '../../../shared/card/number';
import { capMinorOf } from '../../../shared/money/amount';
import { parseSaleAmount } from '../../../shared/money/exact-amount';
import type { UnsettledPayment } from '../../../shared/ipc-same-card';
import type { Currency } from '../../../shared/money/currencies';
import type { AttemptRecord, Journal } from '../journal/journal';
import type { Clock } from '../ports';
import type { CardCheckRequest } from './card-check';

/**
 * No second charge while the first is in doubt. A new reference gets past the reference
 * rule, so a sale (or hold) is also stopped while this counter has a payment whose charge is
 * unknown (running, or Pay sent without an answer) on the same card (first 6 and last 4) for
 * the same amount and currency. It goes on only after the operator chose to charge again for
 * that payment (`allow`, behind the supervisor's approval in ipc/), once, within a few
 * minutes. The set is this counter's journal: another counter's payments are not seen.
 */

/** How many unsettled payments are listed and looked through (normally none or one). */
const unsettledLimit = 200;
/** How long a "charge again" waits for its sale; the card is typed again meanwhile at most. */
export const chargeAgainWindowMs = 5 * 60_000;

/** What of a sale the guard compares: never the full number. */
export interface SaleCardAmount {
  first6: string;
  last4: string;
  amountMinor: number;
  currency: Currency;
}

export interface SameCardGuard {
  /** This counter's payments not settled yet, newest first, for the sale form. */
  unsettled(): UnsettledPayment[];
  /** The payment that stops `sale`, or null: the sale may go on (and uses up its allowance). */
  stopping(sale: SaleCardAmount): UnsettledPayment | null;
  /** The same question without using up an allowance (the card check asks it). */
  wouldStop(sale: SaleCardAmount): boolean;
  /** Lets the next such sale go on beside `attemptId`; null when it is settled (nothing to allow). */
  allow(attemptId: string): UnsettledPayment | null;
  /** The operator chose not to charge again: an earlier allowance goes too. */
  forbid(attemptId: string): UnsettledPayment | null;
}

type Unsettled = AttemptRecord & { masked: string };

const viewOf = (record: Unsettled): UnsettledPayment => ({
  attemptId: record.attemptId,
  merchantReferenceId: record.merchantReferenceId,
  amountMinor: record.amountMinor,
  currency: record.currency,
  masked: record.masked,
  status: record.status === 'in-progress' ? 'in-progress' : 'in-doubt',
  createdAt: record.createdAt,
});

/** The values the `same-card-in-doubt` refusal names (the card as its mask only). */
export const stopParams = (payment: UnsettledPayment): FailureParams => ({ ...payment });

export function createSameCardGuard(journal: Journal, clock: Clock): SameCardGuard {
  const allowedUntil = new Map<string, number>();
  const read = () => journal.unsettled(unsettledLimit);
  const find = (attemptId: string) => read().find((record) => record.attemptId === attemptId);
  const sameAs = (sale: SaleCardAmount) =>
    read().filter(
      (record) =>
        record.first6 === sale.first6 &&
        record.last4 === sale.last4 &&
        record.amountMinor === sale.amountMinor &&
        record.currency === sale.currency,
    );
  const notAllowed = (record: Unsettled) =>
    (allowedUntil.get(record.attemptId) ?? 0) <= clock.now();
  return {
    unsettled: () => read().map(viewOf),
    stopping(sale) {
      const same = sameAs(sale);
      const stop = same.find(notAllowed);
      if (stop) return viewOf(stop);
      for (const record of same) allowedUntil.delete(record.attemptId);
      return null;
    },
    wouldStop: (sale) => sameAs(sale).some(notAllowed),
    allow(attemptId) {
      const record = find(attemptId);
      if (!record) return null;
      allowedUntil.set(attemptId, clock.now() + chargeAgainWindowMs);
      return viewOf(record);
    },
    forbid(attemptId) {
      allowedUntil.delete(attemptId);
      const record = find(attemptId);
      return record ? viewOf(record) : null;
    },
  };
}

/** A card check of the card and amount of a payment still in doubt waits for the choice. */
export function checkHeldBack(
  guard: SameCardGuard,
  request: CardCheckRequest,
  amountCap: Parameters<typeof capMinorOf>[0],
): boolean {
  const amount = parseSaleAmount(
    request.amount,
    request.currency,
    capMinorOf(amountCap, request.currency),
  );
  const number = validateCardNumber(request.cardNumber);
  return (
    amount.ok &&
    number.ok &&
    guard.wouldStop({
      ...cardFirst6Last4(number.value.digits),
      amountMinor: amount.value,
      currency: request.currency,
    })
  );
}
