import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { AttemptDetail, HistoryFilters, IpcResponse } from '../../../shared/ipc';
import { CodedFailure } from '../coded-failure';
import { settleAnswer, type AnswerReply } from '../platform/thread-requests';
import { lazyWorker } from '../platform/lazy-worker';
import { relayThreadLog } from '../platform/thread-log';
import type { Logger } from '../ports';
import type { ExportProgress, QueryOptions, QueryRunner } from '../platform/reader-query';
import { readerReplySchema, type ReaderRequest } from './reader-protocol';
import { readerQueries, type ReaderOp, type ReaderQueries } from './query-registry';

/** Where the reader thread's code is: the built file in Electron, the source under tsx. */
export interface ReaderThreadEntry {
  url: URL;
  /** e.g. `['--import', 'tsx']` to run the TypeScript source. */
  execArgv: string[];
}

/**
 * The journal's reads, answered on a thread of their own (reader-thread.ts); `query` runs
 * any read of query-registry.ts (how to add one is written there). The main
 * process posts a request and goes on; it never waits on SQLite for a read.
 */
export interface JournalReader extends QueryRunner<ReaderQueries> {
  search(
    filters: HistoryFilters,
    cursor: string | null,
    limit: number,
  ): Promise<IpcResponse<'historySearch'>>;
  detail(attemptId: string): Promise<AttemptDetail | null>;
  /** Writes the CSV to `path` (removed again if cancelled or failed). One at a time. */
  exportCsv(
    filters: HistoryFilters,
    path: string,
    onProgress: (progress: ExportProgress) => void,
  ): Promise<{ rows: number; cancelled: boolean }>;
  /** Stops the running export at its next page; false when none runs. */
  cancelExport(): Promise<boolean>;
  close(): Promise<void>;
}

interface Pending {
  answer(reply: AnswerReply): void;
  reject(error: unknown): void;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Starts the reader thread for the journal at `path` (already migrated by the writer). If
 * the thread dies, the requests in flight fail and the next request starts a new one.
 */
export function startJournalReader(options: {
  path: string;
  entry: ReaderThreadEntry;
  onThreadError: (error: unknown) => void;
  /** Where the thread's log lines go: main's redacting logger. */
  logger: Logger;
}): JournalReader {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let exporting: AbortController | null = null;

  const failAll = (error: unknown) => {
    for (const waiter of [...pending.values()]) waiter.reject(error);
  };

  const worker = lazyWorker(() => {
    const started = new Worker(options.entry.url, {
      workerData: { path: options.path },
      execArgv: options.entry.execArgv,
    });
    started.on('message', (message: unknown) => {
      if (relayThreadLog(message, options.logger)) return;
      const reply = readerReplySchema.parse(message);
      const waiter = pending.get(reply.id);
      if (waiter === undefined) return;
      if (reply.kind === 'progress') {
        waiter.onProgress?.(reply.progress);
        return;
      }
      waiter.answer(reply);
    });
    started.on('error', (error) => {
      options.onThreadError(error);
      failAll(error);
    });
    started.on('exit', () => failAll(new Error('journal reader thread stopped')));
    // An idle reader must not keep a Node process (tests, the preview) alive.
    started.unref();
    return started;
  });

  const post = (target: Worker, request: ReaderRequest) => target.postMessage(request);

  function query<Op extends ReaderOp>(
    op: Op,
    args: z.input<ReaderQueries[Op]['args']>,
    queryOptions: QueryOptions = {},
  ): Promise<z.output<ReaderQueries[Op]['value']>> {
    const target = worker.thread();
    if (target === null) return Promise.reject(new Error('journal reader closed'));
    const id = nextId++;
    const { signal, onProgress } = queryOptions;
    const cancel = () => post(target, { kind: 'cancel', id });
    // A request in flight keeps the process alive; an idle reader does not (see thread()).
    target.ref();
    const settled = () => {
      pending.delete(id);
      signal?.removeEventListener('abort', cancel);
      if (pending.size === 0) target.unref();
    };
    return new Promise((resolve, reject) => {
      pending.set(id, {
        answer: (reply) => {
          settled();
          settleAnswer(
            reply,
            readerQueries[op].value,
            { thread: 'journal reader', op },
            {
              resolve: (value) => resolve(value as z.output<ReaderQueries[Op]['value']>),
              reject,
            },
          );
        },
        reject: (error) => {
          settled();
          reject(error);
        },
        onProgress,
      });
      post(target, { kind: 'query', id, op, args });
      signal?.addEventListener('abort', cancel, { once: true });
    });
  }

  return {
    query,
    search: (filters, cursor, limit) => query('search', { filters, cursor, limit }),
    detail: (attemptId) => query('detail', { attemptId }),
    async exportCsv(filters, path, onProgress) {
      if (exporting) throw new CodedFailure('export-running');
      const cancel = new AbortController();
      exporting = cancel;
      try {
        return await query('export-csv', { filters, path }, { signal: cancel.signal, onProgress });
      } finally {
        exporting = null;
      }
    },
    async cancelExport() {
      if (exporting === null) return false;
      exporting.abort();
      return true;
    },
    close: () => worker.close(),
  };
}
