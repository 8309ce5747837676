import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { openJournal } from '../../main/core/journal';
import { journalSale } from '../integration/store/store-counter';

/**
 * One counter's cashier in the store bench, on its own thread as a counter's main process
 * is its own: durable journal writes block this thread only, never the replicators'.
 * Posts each sale's id and the moment its `paid` committed (epoch ms, sub-millisecond).
 */
const { path, sales } = z.object({ path: z.string(), sales: z.number().int() }).parse(workerData);
const journal = openJournal({ path, clock: { now: () => Date.now() } });
for (let n = 0; n < sales; n += 1) {
  const attemptId = journalSale(journal, 1_000 + n, `op-${n % 7}`);
  parentPort?.postMessage({ attemptId, at: performance.timeOrigin + performance.now() });
}
journal.close();
parentPort?.postMessage({ done: true });
