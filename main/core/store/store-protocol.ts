import { z } from 'zod';
import { historyFiltersSchema, historyRowSchema } from '../../../shared/ipc';
import { storeStatusSchema } from '../../../shared/ipc-store';
import { storeDaySchema } from '../../../shared/ipc-store-day';
import { storeAuditChainSchema } from '../../../shared/ipc-store-audit';
import { failureReplySchema, valueReplySchema } from '../platform/thread-requests';
import { counterIdSchema, storeConnectionSchema } from './store-connection';
import {
  claimRequestSchemas,
  claimValueSchemas,
  refundsElsewhereReplySchema,
} from './claims/claims-protocol';
import { operatorRequestSchemas, operatorValueSchemas } from './operators/operators-protocol';
import { customerRequestSchemas, customerValueSchemas } from './customers/customers-protocol';

/**
 * Messages between the main process and the store thread (store-thread.ts). Both sides
 * parse what they receive, as at any boundary.
 */

export const storeHistoryFiltersSchema = historyFiltersSchema.extend({
  counterId: counterIdSchema.optional(),
});

export const storeHistoryPageSchema = z.object({
  rows: z.array(historyRowSchema.extend({ counterId: z.string() })),
  nextCursor: z.string().nullable(),
});

export const storeRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({
    id: z.number().int(),
    op: z.literal('connect'),
    connection: storeConnectionSchema,
    password: z.string().nullable(),
    journalPath: z.string().min(1),
    /** security.sqlite, whose operators merge with the store's. */
    securityPath: z.string().min(1),
  }),
  z.strictObject({ id: z.number().int(), op: z.literal('disconnect') }),
  z.strictObject({ id: z.number().int(), op: z.literal('migrate') }),
  z.strictObject({
    id: z.number().int(),
    op: z.literal('history'),
    filters: storeHistoryFiltersSchema,
    cursor: z.string().nullable(),
    limit: z.number().int().min(1).max(200),
  }),
  z.strictObject({
    id: z.number().int(),
    op: z.literal('endOfDay'),
    fromMs: z.number().int(),
    toMs: z.number().int(),
  }),
  /** Every counter's audit chain, checked against this counter's pinned keys. */
  z.strictObject({ id: z.number().int(), op: z.literal('auditVerify') }),
  // Acting on another counter's payment.
  ...claimRequestSchemas,
  // Operators checked and changed by the store.
  ...operatorRequestSchemas,
  // Customers and saved cards shared by the counters of one merchant account.
  ...customerRequestSchemas,
]);
export type StoreRequest = z.infer<typeof storeRequestSchema>;

export const storeValueSchemas = {
  connect: z.object({ connected: z.boolean() }),
  disconnect: z.object({ connected: z.boolean() }),
  migrate: z.object({ applied: z.array(z.number().int()), version: z.number().int() }),
  history: storeHistoryPageSchema,
  endOfDay: storeDaySchema,
  auditVerify: z.array(storeAuditChainSchema),
  ...claimValueSchemas,
  ...operatorValueSchemas,
  ...customerValueSchemas,
} as const;

export const storeReplySchema = z.discriminatedUnion('kind', [
  valueReplySchema,
  /** A failure's code is one the operator may see (store-unreachable, ...). */
  failureReplySchema,
  /** Replication's state changed (top bar). */
  z.object({ kind: z.literal('status'), status: storeStatusSchema }),
  /** Another counter (or, after a reconnect, maybe several) wrote to the store. */
  z.object({ kind: z.literal('changed'), counterId: z.string().nullable() }),
  /** Refunds other counters gave on this counter's payments. */
  refundsElsewhereReplySchema,
]);
export type StoreReply = z.infer<typeof storeReplySchema>;
