import { z } from 'zod';
import { attemptDetailSchema, historyFiltersSchema, ipcContract } from '../../../shared/ipc';

/**
 * Messages between the main process and the journal reader thread. Both sides parse what
 * they receive: a thread boundary is a boundary like any other, and a reply that does not
 * fit must fail by name here rather than reach the renderer half-formed.
 */

export const readerRequestSchema = z.discriminatedUnion('op', [
  z.strictObject({
    id: z.number().int(),
    op: z.literal('search'),
    filters: historyFiltersSchema,
    cursor: z.string().nullable(),
    limit: z.number().int(),
  }),
  z.strictObject({ id: z.number().int(), op: z.literal('detail'), attemptId: z.string() }),
  z.strictObject({
    id: z.number().int(),
    op: z.literal('export'),
    filters: historyFiltersSchema,
    path: z.string().min(1),
  }),
  z.strictObject({ id: z.number().int(), op: z.literal('cancel-export') }),
]);
export type ReaderRequest = z.infer<typeof readerRequestSchema>;

export const exportOutcomeSchema = z.object({
  rows: z.number().int().nonnegative(),
  cancelled: z.boolean(),
});

export const exportProgressSchema = z.object({
  rows: z.number().int().nonnegative(),
  fraction: z.number().min(0).max(1),
});

/** What each operation answers with. */
export const readerValueSchemas = {
  search: ipcContract.historySearch.response,
  detail: attemptDetailSchema.nullable(),
  export: exportOutcomeSchema,
  'cancel-export': z.object({ cancelled: z.boolean() }),
} as const;

export const readerReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('value'), id: z.number().int(), value: z.unknown() }),
  z.object({
    kind: z.literal('failure'),
    id: z.number().int(),
    /** An IpcFailure's code (e.g. `invalid-cursor`) the operator may see; null for a bug. */
    code: z.string().nullable(),
    message: z.string(),
  }),
  z.object({ kind: z.literal('progress'), id: z.number().int(), progress: exportProgressSchema }),
]);
export type ReaderReply = z.infer<typeof readerReplySchema>;
