import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { AttemptDetail, HistoryFilters, IpcResponse } from '../../../shared/ipc';
import { IpcFailure } from '../ipc/router';
import { readerReplySchema, readerValueSchemas, type ReaderRequest } from './reader-protocol';
import type { ExportProgress } from './csv-export';

/** Where the reader thread's code is: the built file in Electron, the source under tsx. */
export interface ReaderThreadEntry {
  url: URL;
  /** e.g. `['--import', 'tsx']` to run the TypeScript source. */
  execArgv: string[];
}

/**
 * The history's reads, answered on a thread of their own (reader-thread.ts). The main
 * process posts a request and goes on; it never waits on SQLite for a read.
 */
export interface JournalReader {
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

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  resolve(value: unknown): void;
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
}): JournalReader {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | null = null;
  let exporting = false;

  const failAll = (error: unknown) => {
    for (const waiter of [...pending.values()]) waiter.reject(error);
  };

  const thread = (): Worker => {
    if (worker !== null) return worker;
    const started = new Worker(options.entry.url, {
      workerData: { path: options.path },
      execArgv: options.entry.execArgv,
    });
    started.on('message', (message: unknown) => {
      const reply = readerReplySchema.parse(message);
      const waiter = pending.get(reply.id);
      if (waiter === undefined) return;
      if (reply.kind === 'progress') {
        waiter.onProgress?.(reply.progress);
        return;
      }
      if (reply.kind === 'value') waiter.resolve(reply.value);
      else if (reply.code !== null) waiter.reject(new IpcFailure(reply.code, reply.message));
      else waiter.reject(new Error(`journal reader: ${reply.message}`));
    });
    started.on('error', (error) => {
      options.onThreadError(error);
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('journal reader thread stopped'));
    });
    // An idle reader must not keep a Node process (tests, the preview) alive.
    started.unref();
    worker = started;
    return started;
  };

  function call<S extends z.ZodType>(
    request: Distribute<ReaderRequest>,
    schema: S,
    onProgress?: (progress: ExportProgress) => void,
  ): Promise<z.infer<S>> {
    const id = nextId++;
    const target = thread();
    // A request in flight keeps the process alive; an idle reader does not (see thread()).
    target.ref();
    const settled = () => {
      pending.delete(id);
      if (pending.size === 0) target.unref();
    };
    return new Promise((resolve, reject) => {
      pending.set(id, {
        resolve: (value) => {
          settled();
          const parsed = schema.safeParse(value);
          if (parsed.success) resolve(parsed.data);
          else reject(new Error(`journal reader: malformed ${request.op} answer`));
        },
        reject: (error) => {
          settled();
          reject(error);
        },
        onProgress,
      });
      target.postMessage({ ...request, id });
    });
  }

  return {
    search: (filters, cursor, limit) =>
      call({ op: 'search', filters, cursor, limit }, readerValueSchemas.search),
    detail: (attemptId) => call({ op: 'detail', attemptId }, readerValueSchemas.detail),
    async exportCsv(filters, path, onProgress) {
      if (exporting) throw new IpcFailure('export-running', 'An export is already running.');
      exporting = true;
      try {
        return await call({ op: 'export', filters, path }, readerValueSchemas.export, onProgress);
      } finally {
        exporting = false;
      }
    },
    async cancelExport() {
      if (!exporting) return false;
      return (await call({ op: 'cancel-export' }, readerValueSchemas['cancel-export'])).cancelled;
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (stopping !== null) await stopping.terminate();
    },
  };
}
