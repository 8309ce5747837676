import type { StatementSync } from 'node:sqlite';
import type { z } from 'zod';

/** How far a long read is (rows written, and their share of the rows it will write). */
export interface ExportProgress {
  rows: number;
  fraction: number;
}

/** What a query runs with on the reader thread. */
export interface ReaderContext {
  /** Cached statements on the thread's read-only connection: a query cannot write. */
  prepare: (sql: string) => StatementSync;
  /**
   * The journal file, for a long read that needs its own connection: one snapshot for its
   * whole run, while the thread's other requests still see what the writer commits.
   */
  path: string;
  /** Aborted when the caller cancels this request; a long read checks it between pages. */
  signal: AbortSignal;
  /** Reports how far a long read is; the caller's onProgress receives it. */
  progress: (progress: ExportProgress) => void;
}

/**
 * One kind of read the reader thread answers: the shape of its arguments and of its answer
 * (both parsed, on the thread and in the main process), and the read itself. See index.ts
 * for how to add one.
 */
export interface ReaderQuery<Args extends z.ZodType, Value extends z.ZodType> {
  args: Args;
  value: Value;
  run(context: ReaderContext, args: z.output<Args>): z.input<Value> | Promise<z.input<Value>>;
}

/** Declares a query kind, keeping its argument and answer types for the caller. */
export const readerQuery = <Args extends z.ZodType, Value extends z.ZodType>(
  query: ReaderQuery<Args, Value>,
) => query;

export interface QueryOptions {
  /** Cancels the request: a read that checks its signal stops at its next page. */
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
}

/** A set of reads by name, as a feature declares them (journal/, shifts/). */
export type ReaderQuerySet = Record<string, ReaderQuery<z.ZodType, z.ZodType>>;

/**
 * What a feature needs of the reader thread for its own reads: the thread answers every
 * feature's set, and a feature sees only its own names, so it never imports the reader.
 */
export interface QueryRunner<Queries extends ReaderQuerySet> {
  query<Op extends keyof Queries & string>(
    op: Op,
    args: z.input<Queries[Op]['args']>,
    options?: QueryOptions,
  ): Promise<z.output<Queries[Op]['value']>>;
}
