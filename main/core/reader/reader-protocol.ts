import { z } from 'zod';
import { failureReplySchema, valueReplySchema } from '../platform/thread-requests';
import { readerQueries, type ReaderOp } from './query-registry';

/**
 * Messages between the main process and the journal reader thread. Both sides parse what
 * they receive: a thread boundary is a boundary like any other, and a reply that does not
 * fit must fail by name here rather than reach the renderer half-formed. A query's own
 * arguments and answer are parsed against its entry in reader-queries/.
 */

const ops = Object.keys(readerQueries) as [ReaderOp, ...ReaderOp[]];

export const readerRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('query'),
    id: z.number().int(),
    op: z.enum(ops),
    args: z.unknown(),
  }),
  /** Aborts the request's signal; a read that checks it stops at its next page. */
  z.strictObject({ kind: z.literal('cancel'), id: z.number().int() }),
]);
export type ReaderRequest = z.infer<typeof readerRequestSchema>;

export const readerProgressSchema = z.object({
  rows: z.number().int().nonnegative(),
  fraction: z.number().min(0).max(1),
});

export const readerReplySchema = z.discriminatedUnion('kind', [
  valueReplySchema,
  /** A failure's code is an CodedFailure's (e.g. `invalid-cursor`) the operator may see. */
  failureReplySchema,
  z.object({ kind: z.literal('progress'), id: z.number().int(), progress: readerProgressSchema }),
]);
export type ReaderReply = z.infer<typeof readerReplySchema>;
