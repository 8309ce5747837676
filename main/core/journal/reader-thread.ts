import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { IpcFailure } from '../ipc/router';
import { readDetail } from './attempt-reads';
import { exportCsv } from './csv-export';
import { JournalError } from './journal-error';
import { searchHistory } from './history-search';
import { openDatabase } from './open-database';
import { readerRequestSchema, type ReaderReply, type ReaderRequest } from './reader-protocol';
import { statementCache } from './statement-cache';

/**
 * The journal reader thread (worker_threads entry; electron-vite builds it as
 * out/main/journal-reader.js). It owns a read-only connection to one journal file and
 * answers the history's reads, so a slow search or a long export never holds up the main
 * process, which only writes and routes. WAL lets this connection read beside the writer.
 */

const { path } = z.object({ path: z.string().min(1) }).parse(workerData);
const port = parentPort;
if (port === null) throw new Error('journal-reader.ts runs only as a worker thread');

const db = openDatabase(path, { readOnly: true });
const prepare = statementCache(db);
let runningExport: AbortController | null = null;

const send = (reply: ReaderReply) => port.postMessage(reply);

/** Streams the export into `file`; a cancelled or failed export leaves no file behind. */
async function exportToFile(request: Extract<ReaderRequest, { op: 'export' }>) {
  const cancel = new AbortController();
  runningExport = cancel;
  // Its own connection: the export holds one read snapshot for its whole run, and searches
  // answered in between must still see the sales written meanwhile.
  const exportDb = openDatabase(path, { readOnly: true });
  const out = createWriteStream(request.path, { flags: 'w' });
  try {
    const outcome = await exportCsv(exportDb, request.filters, out, {
      signal: cancel.signal,
      onProgress: (progress) => send({ kind: 'progress', id: request.id, progress }),
    });
    out.end();
    await finished(out);
    if (outcome.cancelled) await rm(request.path, { force: true });
    return outcome;
  } catch (error) {
    out.destroy();
    await rm(request.path, { force: true });
    throw error;
  } finally {
    exportDb.close();
    runningExport = null;
  }
}

/**
 * The code of a failure the operator may see: an IpcFailure's, or a history cursor the
 * renderer did not get from us (the screen says to search again). Anything else is a bug.
 */
function operatorFacingCode(error: unknown): string | null {
  if (error instanceof IpcFailure) return error.code;
  if (error instanceof JournalError && error.code === 'invalid-cursor') return error.code;
  return null;
}

async function answer(request: ReaderRequest): Promise<unknown> {
  switch (request.op) {
    case 'search':
      return searchHistory(prepare, request.filters, request.cursor, request.limit);
    case 'detail':
      return readDetail(prepare, request.attemptId);
    case 'export':
      return exportToFile(request);
    case 'cancel-export':
      runningExport?.abort();
      return { cancelled: runningExport !== null };
  }
}

port.on('message', (message: unknown) => {
  const parsed = readerRequestSchema.safeParse(message);
  if (!parsed.success) {
    const id = z.object({ id: z.number().int() }).safeParse(message);
    send({ kind: 'failure', id: id.data?.id ?? -1, code: null, message: 'malformed request' });
    return;
  }
  const request = parsed.data;
  answer(request).then(
    (value) => send({ kind: 'value', id: request.id, value }),
    (error: unknown) =>
      send({
        kind: 'failure',
        id: request.id,
        code: operatorFacingCode(error),
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
