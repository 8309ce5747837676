import type { Clock } from '../core/ports';

export interface ControllableClock extends Clock {
  /** Jumps forward (e.g. 16 minutes to expire a gateway session) without waiting. */
  advance(ms: number): void;
}

/**
 * Real time plus an offset: timers and timeouts behave normally, and a test can still move
 * the whole app (engine, sandbox, challenge deadline) into the future at once.
 */
export function createControllableClock(): ControllableClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    // Moved by `advance` too, so in-process deadlines pass when a test jumps ahead.
    monotonic: () => performance.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}
