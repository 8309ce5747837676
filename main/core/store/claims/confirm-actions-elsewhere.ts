import { formatMinor } from '../../../../shared/money/amount';
import type { Currency } from '../../../../shared/money/currencies';
import type { AuditTrail } from '../../audit/audit-trail';
import type { GatewayOrder } from '../../gateway/order-schema';
import type { AttemptRecord, Journal } from '../../journal/journal';
import { holdEndingFromOrder, readHold, type HeldOrder } from '../../payments/holds/hold-reading';
import { readRefundable } from '../../payments/order-state';
import type { Logger } from '../../ports';
import { adoptHoldsEndedElsewhere, adoptRefundsElsewhere } from './adopt-actions-elsewhere';
import type { ActionsElsewhere, HoldEndedElsewhere, RefundElsewhere } from './claims-protocol';

/**
 * Where one of this counter's payments is at the gateway: its order, on the gateway and
 * merchant account the payment was made with.
 */
export type PaymentAtGateway = Pick<AttemptRecord, 'gatewayBaseUrl' | 'merchantPublicKey'> & {
  orderId: string;
};

/** Get order on the live gateway; null when it could not be read now (error, timeout). */
export type ReadOrder = (payment: PaymentAtGateway) => Promise<GatewayOrder | null>;

/**
 * What the gateway says of the claims on one payment:
 * - `adopt`: the claim to take into the journal (at most one per payment and round);
 * - `unconfirmed`: claims the gateway contradicts (a refunded total it does not show, a hold
 *   it shows otherwise);
 * - `undecided`: the order reads as nothing certain (still moving, another currency): no
 *   claim is taken or called false, a later reading decides;
 * - `shown`: what the gateway shows, in words for the log and the audit trail.
 */
export interface Confirmation<T> {
  adopt: T | null;
  unconfirmed: T[];
  undecided: boolean;
  shown: string;
}

const money = (minor: number, currency: string) =>
  `${formatMinor(minor, currency as Currency)} ${currency}`;

const sameOrder = (order: GatewayOrder, orderId: string) =>
  order.orderId.toLowerCase() === orderId.toLowerCase();

/**
 * The refunds the gateway shows: a claim's refunded total counts only if the order's
 * refunded total (never above the payment's amount) has reached it. Of those, the highest
 * is taken, with who gave it; the journal never goes backwards (adoptRefundsElsewhere).
 * A refund the gateway shows that no claim accounts for is left to the counter's own
 * reading of the order (its own refund reads it first), never credited to a claim that
 * overstated it.
 */
export function confirmRefunds(
  record: AttemptRecord,
  claims: readonly RefundElsewhere[],
  order: GatewayOrder,
): Confirmation<RefundElsewhere> {
  const refundable =
    record.orderId && sameOrder(order, record.orderId)
      ? readRefundable(order, record.currency)
      : null;
  if (!refundable) {
    return { adopt: null, unconfirmed: [], undecided: true, shown: order.detailedStatus };
  }
  const shown = Math.min(refundable.refundedMinor, record.amountMinor);
  let adopt: RefundElsewhere | null = null;
  for (const claim of claims) {
    if (claim.refundedMinor > shown) continue;
    if (claim.refundedMinor > (adopt?.refundedMinor ?? record.refundedMinor)) adopt = claim;
  }
  return {
    adopt,
    unconfirmed: claims.filter((claim) => claim.refundedMinor > shown),
    undecided: false,
    shown: `refunded ${money(refundable.refundedMinor, record.currency)}`,
  };
}

const actionOf = { captured: 'capture', released: 'release' } as const;

/**
 * The capture or release the gateway shows: taken in full for a capture, given back for a
 * release (read as the hold's own actions read it, hold-reading.ts).
 */
export function confirmHoldEndings(
  record: AttemptRecord,
  claims: readonly HoldEndedElsewhere[],
  order: GatewayOrder,
): Confirmation<HoldEndedElsewhere> {
  if (!record.orderId) return { adopt: null, unconfirmed: [], undecided: true, shown: '' };
  const held: HeldOrder = {
    orderId: record.orderId,
    amountMinor: record.amountMinor,
    currency: record.currency,
  };
  const shows = (claim: HoldEndedElsewhere) =>
    holdEndingFromOrder(actionOf[claim.ending], order, held, false) === claim.ending;
  const adopt = claims.find(shows) ?? null;
  const shown = readHold(order, held);
  if (adopt === null && shown === 'unknown') {
    return { adopt: null, unconfirmed: [], undecided: true, shown };
  }
  return { adopt, unconfirmed: claims.filter((claim) => !shows(claim)), undecided: false, shown };
}

export interface ConfirmedAdoptionDeps {
  /** The live journal, which takes what the gateway confirms. */
  journal: Journal;
  readOrder: ReadOrder;
  /**
   * Training selected: there is no live gateway to confirm with (Settings' gateway is the
   * sandbox's), so nothing is adopted until live mode is back; the store keeps the claims.
   */
  training: () => boolean;
  logger: Logger;
  audit: Pick<AuditTrail, 'record'>;
  /** Payments whose order is read in one round; the rest wait for the next rounds. */
  readsPerRound?: number;
  /** Rounds before a payment whose claims the gateway did not confirm is read again. */
  recheckRounds?: number;
}

export interface ConfirmedAdoption {
  /**
   * One store round's findings. Ignored while the previous round's reads are still out: the
   * store's next round finds the same again, so a slow gateway never piles up reads.
   */
  offer(found: ActionsElsewhere): void;
  /** Resolves once the round in progress (if any) has ended. */
  idle(): Promise<void>;
}

interface ClaimsOnPayment {
  refunds: RefundElsewhere[];
  holds: HoldEndedElsewhere[];
}

/**
 * Before this counter writes another counter's refund, capture or release into its own
 * journal, it confirms it with the gateway: any counter can write a claim marked done in the
 * store (it holds its own rows), so the store only coordinates, and the gateway's order is
 * the truth (docs/store.md, "Which counter counts the refund").
 *
 * Each round reads at most `readsPerRound` orders, all at once, payments with claims not yet
 * read first. A read that fails adopts nothing on that payment (the next round reads again).
 * A claim the gateway contradicts is logged and recorded in the audit trail once per run,
 * and its payment read again only every `recheckRounds` rounds, so made-up claims cost the
 * gateway little and never starve the true ones.
 */
export function createConfirmedAdoption(deps: ConfirmedAdoptionDeps): ConfirmedAdoption {
  const readsPerRound = deps.readsPerRound ?? 4;
  const recheckRounds = deps.recheckRounds ?? 15;
  /** Claims already reported as not confirmed in this run. */
  const reported = new Set<string>();
  /** Round from which a claim read without being adopted may be read again. */
  const readAgainFrom = new Map<string, number>();
  let round = 0;
  let running: Promise<void> | null = null;

  function report(
    record: AttemptRecord,
    claim: RefundElsewhere | HoldEndedElsewhere,
    shown: string,
  ) {
    if (reported.has(claim.claimId)) return;
    reported.add(claim.claimId);
    const claimed =
      'refundedMinor' in claim
        ? `refunded ${money(claim.refundedMinor, record.currency)}`
        : claim.ending;
    const attemptId = record.attemptId;
    // Ids, amounts and states only: never the card, never the order as the gateway sent it.
    deps.logger.warn('claim not confirmed by the gateway', {
      attemptId,
      claimId: claim.claimId,
      counterId: claim.counterId,
      claimed,
      gateway: shown,
    });
    deps.audit.record('claim-unconfirmed', {
      subject: attemptId,
      detail: `claim ${claim.claimId} of counter ${claim.counterId}: ${claimed}; gateway: ${shown}`,
    });
  }

  async function confirmPayment(attemptId: string, claims: ClaimsOnPayment) {
    const before = deps.journal.get(attemptId);
    if (!before?.orderId) return;
    const order = await deps.readOrder({
      orderId: before.orderId,
      gatewayBaseUrl: before.gatewayBaseUrl,
      merchantPublicKey: before.merchantPublicKey,
    });
    // The journal as it is now: a refund of its own may have moved it during the read.
    const record = deps.journal.get(attemptId);
    // Not read (or Training since): nothing is known, the next round reads it again.
    if (order === null || !record || deps.training()) return;
    const refunds = confirmRefunds(record, claims.refunds, order);
    const holds = confirmHoldEndings(record, claims.holds, order);
    if (refunds.adopt) adoptRefundsElsewhere(deps.journal, [refunds.adopt]);
    if (holds.adopt) adoptHoldsEndedElsewhere(deps.journal, [holds.adopt]);
    settle(record, refunds, claims.refunds);
    settle(record, holds, claims.holds);
  }

  /**
   * A claim the gateway contradicts is reported (once), and with a claim it shows nothing
   * certain about yet, read again only after a pause. One it confirmed is read again next
   * round until the store no longer lists it: a payment with its own action in flight
   * takes it once at rest.
   */
  function settle<T extends RefundElsewhere | HoldEndedElsewhere>(
    record: AttemptRecord,
    confirmation: Confirmation<T>,
    claims: readonly T[],
  ) {
    const paused = confirmation.undecided ? claims : confirmation.unconfirmed;
    for (const claim of paused) readAgainFrom.set(claim.claimId, round + recheckRounds);
    for (const claim of confirmation.unconfirmed) report(record, claim, confirmation.shown);
  }

  async function confirmRound(found: ActionsElsewhere) {
    round += 1;
    const payments = new Map<string, ClaimsOnPayment>();
    const on = (attemptId: string) => {
      let claims = payments.get(attemptId);
      if (!claims) payments.set(attemptId, (claims = { refunds: [], holds: [] }));
      return claims;
    };
    for (const refund of found.refunds) on(refund.attemptId).refunds.push(refund);
    for (const hold of found.holds) on(hold.attemptId).holds.push(hold);
    // Claims the store no longer lists (adopted, or out of its window) are forgotten.
    const listed = new Set([...found.refunds, ...found.holds].map((claim) => claim.claimId));
    for (const claimId of readAgainFrom.keys()) {
      if (!listed.has(claimId)) readAgainFrom.delete(claimId);
    }
    const due = [...payments]
      .map(([attemptId, claims]) => {
        const from = [...claims.refunds, ...claims.holds].map(
          (claim) => readAgainFrom.get(claim.claimId) ?? 0,
        );
        return { attemptId, claims, from: Math.min(...from) };
      })
      .filter((payment) => payment.from <= round)
      .sort((a, b) => a.from - b.from)
      .slice(0, readsPerRound);
    await Promise.all(due.map((payment) => confirmPayment(payment.attemptId, payment.claims)));
  }

  return {
    offer(found) {
      if (running !== null || deps.training()) return;
      running = confirmRound(found)
        .catch((error: unknown) =>
          deps.logger.error('actions elsewhere not adopted', { error: String(error) }),
        )
        .finally(() => {
          running = null;
        });
    },
    idle: () => running ?? Promise.resolve(),
  };
}
