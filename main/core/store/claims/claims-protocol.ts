import { z } from 'zod';
import { historyRowSchema } from '../../../../shared/ipc';

/**
 * The store thread's messages for acting on another counter's payment, spread
 * into store-protocol.ts: the main process sends the refund at the gateway and asks the
 * store thread, which owns the pool, for each claim step; PostgreSQL work never runs on
 * the main process.
 */

const id = z.number().int();
const minor = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const operator = z.string().min(1).max(32).nullable();

export const claimRequestSchemas = [
  /** One payment as the store holds it (null: not in the store). */
  z.strictObject({ id, op: z.literal('storePayment'), attemptId: z.string().min(1).max(64) }),
  z.strictObject({
    id,
    op: z.literal('claimRefund'),
    orderId: z.string().min(1).max(64),
    currency: z.string().length(3),
    capturedMinor: minor,
    refundedMinor: minor,
    amountMinor: minor.nullable(),
    settleMs: z.number().int().nonnegative(),
    operatorId: operator,
    approverId: operator,
  }),
  z.strictObject({
    id,
    op: z.literal('claimHold'),
    orderId: z.string().min(1).max(64),
    currency: z.string().length(3),
    amountMinor: minor,
    standing: z.enum(['held', 'captured', 'voided', 'lapsed', 'unknown']),
    kind: z.enum(['capture-sent', 'release-sent']),
    settleMs: z.number().int().nonnegative(),
    operatorId: operator,
    approverId: operator,
  }),
  z.strictObject({
    id,
    op: z.literal('settleClaim'),
    claimId: z.uuid(),
    state: z.enum(['done', 'not-done']),
    refundedAfterMinor: minor.nullable(),
  }),
  z.strictObject({
    id,
    op: z.literal('settleClaimFromOrder'),
    claimId: z.uuid(),
    refundedMinor: minor,
  }),
] as const;

export const storePaymentSchema = historyRowSchema.extend({ counterId: z.string() });

export const claimValueSchemas = {
  storePayment: storePaymentSchema.nullable(),
  claimRefund: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), claimId: z.uuid(), amountMinor: minor, baselineMinor: minor }),
    z.object({
      ok: z.literal(false),
      reason: z.enum(['nothing-left', 'over-remaining']),
      remainingMinor: minor,
    }),
  ]),
  claimHold: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), claimId: z.uuid() }),
    z.object({ ok: z.literal(false), reason: z.enum(['in-doubt', 'not-held']) }),
  ]),
  settleClaim: z.object({}),
  settleClaimFromOrder: z.object({ settled: z.boolean() }),
} as const;

/** A refund another counter gave on one of this counter's payments, for its journal to adopt. */
export const refundElsewhereSchema = z.object({
  attemptId: z.string().min(1).max(64),
  /** The claim that says so: the gateway confirms each claim before the journal takes it. */
  claimId: z.uuid(),
  /** The gateway's refunded total once that refund settled. */
  refundedMinor: minor,
  counterId: z.string().min(1).max(32),
  operatorId: operator,
  approverId: operator,
});
export type RefundElsewhere = z.infer<typeof refundElsewhereSchema>;

/** A hold of this counter's that another counter captured or released, for its journal. */
export const holdEndedElsewhereSchema = z.object({
  attemptId: z.string().min(1).max(64),
  claimId: z.uuid(),
  ending: z.enum(['captured', 'released']),
  counterId: z.string().min(1).max(32),
  operatorId: operator,
  approverId: operator,
});
export type HoldEndedElsewhere = z.infer<typeof holdEndedElsewhereSchema>;

/** Pushed by the store thread's round (actions-elsewhere.ts). */
export const refundsElsewhereReplySchema = z.object({
  kind: z.literal('refundsElsewhere'),
  refunds: z.array(refundElsewhereSchema),
  holds: z.array(holdEndedElsewhereSchema),
});
export type ActionsElsewhere = Omit<z.infer<typeof refundsElsewhereReplySchema>, 'kind'>;
