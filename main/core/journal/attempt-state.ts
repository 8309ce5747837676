import { z } from 'zod';
import { unpaidOutcomes } from '../../../shared/ipc-attempts';
import type { Durability } from '../platform/transaction';

/**
 * Every state an attempt can be in, as the journal stores it. `pay-sent`, `refund-sent`,
 * `capture-sent` and `release-sent` mark money sent without a known answer (the attempt's
 * status is then `in-doubt`).
 * `void-sent` and `voided` are only read: Paydesk no longer voids, but older journals hold them.
 */
export const attemptStates = [
  'created',
  'session',
  'initiated',
  'payer-authenticated',
  'pay-sent',
  'paid',
  ...unpaidOutcomes,
  'refund-sent',
  'partially-refunded',
  'refunded',
  'void-sent',
  'voided',
  // Holds: Authorize only leaves the money held; Capture takes it (then `paid`),
  // release gives it back; an issuer lets an untouched hold lapse.
  'authorized',
  'capture-sent',
  'release-sent',
  'released',
  'hold-expired',
] as const;

export type AttemptState = (typeof attemptStates)[number];
export const attemptStateSchema = z.enum(attemptStates);

const beforePay = [...unpaidOutcomes] as const;

/**
 * States that record a money message about to leave: their commit reaches the disk before the
 * message is sent (Durability `now`). Every other state commits `with-next`: before them no money
 * moved, and after them the gateway can tell the answer again (Get order) since the message's
 * record is on disk.
 */
export const moneyMessageStates: ReadonlySet<AttemptState> = new Set([
  'pay-sent',
  'refund-sent',
  'capture-sent',
  'release-sent',
  'void-sent',
]);

/** When a write that brings an attempt to `state` must reach the disk (see Durability). */
export const durabilityOfState = (state: AttemptState): Durability =>
  moneyMessageStates.has(state) ? 'now' : 'with-next';
const afterRefund = ['paid', 'partially-refunded', 'refunded', 'refund-sent'] as const;

/**
 * The transitions the journal accepts; anything else is a bug and is refused before it is
 * written. Writing `pay-sent` again (a re-sent Pay, a settlement round that stays in doubt)
 * and `refund-sent` again are allowed: they are the same state with a new audit event.
 */
export const allowedTransitions: Readonly<Record<AttemptState, readonly AttemptState[]>> = {
  created: ['session', ...beforePay],
  session: ['initiated', ...beforePay],
  initiated: ['payer-authenticated', 'pay-sent', ...beforePay],
  'payer-authenticated': ['pay-sent', ...beforePay],
  // `expired`/`declined`/`error` only when the gateway's answer or the order proves nothing
  // was taken; the engine's rules decide, the table only keeps the shape.
  'pay-sent': ['pay-sent', 'paid', 'declined', 'expired', 'error', 'authorized'],
  // A refund made elsewhere (merchant portal) is found when the order is read before ours.
  paid: ['refund-sent', 'partially-refunded', 'refunded'],
  'partially-refunded': ['refund-sent', 'partially-refunded', 'refunded'],
  'refund-sent': afterRefund,
  refunded: [],
  'void-sent': ['voided', 'paid', 'partially-refunded', 'void-sent'],
  voided: [],
  // A capture or release made elsewhere, or a lapse, is found when the order is read first.
  authorized: ['capture-sent', 'release-sent', 'paid', 'released', 'hold-expired'],
  // Back to `authorized` only when the gateway refused it or the order proves it never happened.
  'capture-sent': ['capture-sent', 'paid', 'authorized', 'released', 'hold-expired'],
  'release-sent': ['release-sent', 'released', 'authorized', 'paid', 'hold-expired'],
  released: [],
  'hold-expired': [],
  declined: [],
  'authentication-failed': [],
  cancelled: [],
  expired: [],
  rejected: [],
  // Back in doubt only when money shows up on an order written "not charged" (a Pay the
  // gateway took after our Cancel): a supervisor must look, and the order settles it again.
  error: ['pay-sent'],
};

export const canTransition = (from: AttemptState, to: AttemptState): boolean =>
  allowedTransitions[from].includes(to);
