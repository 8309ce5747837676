import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Journal } from '../../main/core/journal';

/**
 * What the engine-overhead figure is made of: the journal's own share of a flow,
 * and what one disk flush costs on this machine. The journal is measured through a wrapper on
 * separate flows, never on the ones the overhead figure is taken from: the wrapper's own cost
 * must not move that figure.
 */
export function timedJournal(inner: Journal): { journal: Journal; takeSpentMs(): number } {
  let depth = 0;
  let spentMs = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver);
        if (typeof value === 'function') {
          return (...args: unknown[]) => {
            const started = performance.now();
            depth += 1;
            try {
              return (value as (...a: unknown[]) => unknown).apply(object, args);
            } finally {
              depth -= 1;
              // Calls made inside another (a transition inside `atomically`) count once.
              if (depth === 0) spentMs += performance.now() - started;
            }
          };
        }
        return value !== null && typeof value === 'object' ? wrap(value) : value;
      },
    });
  return {
    journal: wrap(inner),
    takeSpentMs: () => {
      const spent = spentMs;
      spentMs = 0;
      return spent;
    },
  };
}

/** WAL frames a `pay-sent` commit writes (page + 24-byte header), as measured. */
const PAY_SENT_FRAMES = 12;
const FRAME_BYTES = 4096 + 24;

/** p50 of writing one `pay-sent` commit's worth of frames and fdatasync-ing it, in `dir`. */
export function diskFlushMsP50(dir: string, runs = 100): number {
  const path = join(dir, 'flush-probe');
  const fd = openSync(path, 'w+');
  const frame = Buffer.alloc(FRAME_BYTES, 1);
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      for (let i = 0; i < PAY_SENT_FRAMES; i += 1) {
        writeSync(fd, frame, 0, FRAME_BYTES, ((run * PAY_SENT_FRAMES + i) % 1000) * FRAME_BYTES);
      }
      const started = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}
