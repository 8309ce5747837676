import type { Worker } from 'node:worker_threads';

/**
 * The worker thread behind a main-process client (the journal reader, the store thread):
 * started on first use, started again on the next use after it stopped, and closed for good
 * by `close`. After close nothing starts it again: a request that arrives late (a handler
 * still awaiting the gateway when the app quits) is refused, instead of opening a file or a
 * connection that is being let go.
 */
export interface LazyWorker {
  /** The running thread, started by `start` if none runs; null once closed. */
  thread(): Worker | null;
  /** The running thread without starting one. */
  running(): Worker | null;
  /** Runs `drain` on a running thread (still usable meanwhile), then stops it, for good. */
  close(drain?: (running: Worker) => Promise<void>): Promise<void>;
}

export function lazyWorker(start: () => Worker): LazyWorker {
  let worker: Worker | null = null;
  let closed = false;
  return {
    thread() {
      if (closed) return null;
      if (worker !== null) return worker;
      const started = start();
      started.on('exit', () => {
        if (worker === started) worker = null;
      });
      worker = started;
      return started;
    },
    running: () => worker,
    async close(drain) {
      const stopping = worker;
      try {
        if (stopping !== null) await drain?.(stopping);
      } finally {
        closed = true;
        worker = null;
      }
      await stopping?.terminate();
    },
  };
}
