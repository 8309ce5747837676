import type { Logger } from '../ports';

export interface StoreRound {
  stop(): void;
}

/**
 * A round of store work on the store thread: runs `work` at once, then `everyMs` after each
 * round ends, until stopped. A failing round (store offline) is logged once per outage, not
 * every time, and changes nothing: the next round does the same work again.
 */
export function startStoreRound(deps: {
  everyMs: number;
  logger: Logger;
  /** The log line of a failed round. */
  failure: string;
  work: (stopped: () => boolean) => Promise<void>;
  /** After the last round: close what the rounds opened. */
  onStop?: () => void;
}): StoreRound {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let failing = false;
  const round = async () => {
    try {
      await deps.work(() => stopped);
      failing = false;
    } catch (error) {
      if (!failing) deps.logger.warn(deps.failure, { error: String(error) });
      failing = true;
    }
    if (!stopped) timer = setTimeout(() => void round(), deps.everyMs);
  };
  void round();
  return {
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      deps.onStop?.();
    },
  };
}
