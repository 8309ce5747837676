import { z } from 'zod';

/** Endings of an attempt that never charged (or never got as far as Pay). */
const unpaidEndings = [
  'declined',
  'authentication-failed',
  'cancelled',
  'expired',
  'rejected',
  'error',
] as const;

/**
 * Every state an attempt can be in, as the journal stores it. `pay-sent` and `refund-sent`
 * mark money sent without a known answer (the attempt's status is then `in-doubt`).
 * `void-sent` and `voided` are only read: Paydesk no longer voids, but older journals hold them.
 */
export const attemptStates = [
  'created',
  'session',
  'initiated',
  'payer-authenticated',
  'pay-sent',
  'paid',
  ...unpaidEndings,
  'refund-sent',
  'partially-refunded',
  'refunded',
  'void-sent',
  'voided',
] as const;

export type AttemptState = (typeof attemptStates)[number];
export const attemptStateSchema = z.enum(attemptStates);

const beforePay = [...unpaidEndings] as const;
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
  'pay-sent': ['pay-sent', 'paid', 'declined', 'expired', 'error'],
  // A refund made elsewhere (merchant portal) is found when the order is read before ours.
  paid: ['refund-sent', 'partially-refunded', 'refunded'],
  'partially-refunded': ['refund-sent', 'partially-refunded', 'refunded'],
  'refund-sent': afterRefund,
  refunded: [],
  'void-sent': ['voided', 'paid', 'partially-refunded', 'void-sent'],
  voided: [],
  declined: [],
  'authentication-failed': [],
  cancelled: [],
  expired: [],
  rejected: [],
  error: [],
};

export const canTransition = (from: AttemptState, to: AttemptState): boolean =>
  allowedTransitions[from].includes(to);
