import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { openJournal } from '../../main/core/journal';
import { journalSale } from '../integration/store/store-counter';

/**
 * The cashiers of some counters in the store bench, on a thread of their own as a counter's
 * main process is its own: durable journal writes block this thread only, never the
 * replicators'. With several counters, it sells at each in turn. Posts each sale's id, its
 * counter's journal and the moment its `paid` committed (epoch ms, sub-millisecond).
 */
const { paths, sales } = z
  .object({ paths: z.array(z.string()).min(1), sales: z.number().int() })
  .parse(workerData);
const journals = paths.map((path) => ({
  path,
  journal: openJournal({ path, clock: { now: () => Date.now() } }),
}));
for (let n = 0; n < sales; n += 1) {
  for (const { path, journal } of journals) {
    const attemptId = journalSale(journal, 1_000 + n, `op-${n % 7}`);
    parentPort?.postMessage({ attemptId, path, at: performance.timeOrigin + performance.now() });
  }
}
for (const { journal } of journals) journal.close();
parentPort?.postMessage({ done: true });
