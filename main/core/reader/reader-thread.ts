import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { CodedFailure } from '../coded-failure';
import { JournalError } from '../platform/journal-error';
import { openDatabase } from '../platform/open-database';
import { serveRequests } from '../platform/thread-requests';
import { threadLogger } from '../platform/thread-log';
import { readerRequestSchema, type ReaderReply, type ReaderRequest } from './reader-protocol';
import { readerQueries } from './query-registry';
import type { ReaderContext, ReaderQuery } from '../platform/reader-query';
import { statementCache } from '../platform/statement-cache';

/**
 * The journal reader thread (worker_threads entry; electron-vite builds it as
 * out/main/journal-reader.js). It owns a read-only connection to one journal file and
 * answers the reads listed in reader-queries/, so a slow search or a long export never
 * holds up the main process, which only writes and routes. WAL lets this connection read
 * beside the writer.
 */

const { path } = z.object({ path: z.string().min(1) }).parse(workerData);
const port = parentPort;
if (port === null) throw new Error('reader-thread.ts runs only as a worker thread');

const db = openDatabase(path, { readOnly: true });
const prepare = statementCache(db);
/** Requests being answered, by id, so a cancel can reach the one it names. */
const running = new Map<number, AbortController>();

const send = (reply: ReaderReply) => port.postMessage(reply);
// Main writes these lines to paydesk.log through its redacting logger (thread-log.ts).
const logger = threadLogger(port, 'journal reader');

/**
 * The code of a failure the operator may see: an CodedFailure's, or a history cursor the
 * renderer did not get from us (the screen says to search again). Anything else is a bug.
 */
function operatorFacingCode(error: unknown): string | null {
  if (error instanceof CodedFailure) return error.code;
  if (error instanceof JournalError && error.code === 'invalid-cursor') return error.code;
  return null;
}

async function answer(request: Extract<ReaderRequest, { kind: 'query' }>): Promise<unknown> {
  // Every query kind, seen through what they share: arguments in, an answer out.
  const query: ReaderQuery<z.ZodType, z.ZodType> = readerQueries[request.op];
  const args = query.args.safeParse(request.args);
  if (!args.success) throw new Error(`malformed ${request.op} arguments`);
  const cancel = new AbortController();
  running.set(request.id, cancel);
  try {
    const context: ReaderContext = {
      prepare,
      path,
      signal: cancel.signal,
      progress: (progress) => send({ kind: 'progress', id: request.id, progress }),
    };
    return await query.run(context, args.data);
  } finally {
    running.delete(request.id);
  }
}

serveRequests(
  port,
  readerRequestSchema,
  (request) => {
    if (request.kind === 'query') {
      return answer(request).catch((error: unknown) => {
        // A failure the operator only sees as "something went wrong" is a bug: keep its words.
        if (operatorFacingCode(error) === null) {
          logger.error('read failed', { op: request.op, error: String(error) });
        }
        throw error;
      });
    }
    running.get(request.id)?.abort();
    return null;
  },
  operatorFacingCode,
);
