import type pg from 'pg';
import type { Clock, Logger } from '../ports';
import type { Outbox } from './outbox';
import { pushBatch } from './push-batch';

/** What the top bar shows: online, or offline since when, and how much is waiting. */
export interface ReplicationStatus {
  online: boolean;
  /** Epoch ms of the first failure of the current outage; null while online. */
  offlineSince: number | null;
  waiting: number;
}

export interface Replicator {
  status(): ReplicationStatus;
  onStatus(listener: (status: ReplicationStatus) => void): () => void;
  /** Drains until the outbox is empty or a push fails (tests and the CLI). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export interface ReplicatorOptions {
  outbox: Outbox;
  pool: pg.Pool;
  counterId: string;
  clock: Clock;
  logger: Logger;
  batchSize?: number;
  /** How often the outbox is looked at for new records. */
  pollMs?: number;
  /**
   * With nothing to send, the counter still tells the store it is there this often (its
   * `last_sync_at`): the store end of day tells an idle counter from an unreachable one, and
   * an idle counter notices the store going down.
   */
  heartbeatMs?: number;
  /** Waits after a failure, doubling up to the last. */
  retryMs?: { first: number; max: number };
  /**
   * Runs before each push until it succeeds once (the store thread registers the counter
   * there, so a counter set up before the schema existed starts sending once it does).
   */
  prepare?: () => Promise<void>;
}

/**
 * Drains the outbox to PostgreSQL in batches, oldest first, one transaction per batch; the
 * batch leaves the outbox only after the commit. A failure (server down, timeout, network)
 * leaves everything in place, marks the store offline and retries with backoff, so records
 * arrive exactly once in effect, in order per record, however often a batch is resent.
 */
export function startReplicator(options: ReplicatorOptions): Replicator {
  const { outbox, pool, counterId, clock, logger } = options;
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 250;
  const retry = options.retryMs ?? { first: 500, max: 5_000 };
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  let lastContact = Number.NEGATIVE_INFINITY;
  const listeners = new Set<(status: ReplicationStatus) => void>();
  // Everything up to here is committed in the store. Kept in memory: after a restart the
  // records still in the outbox are sent again, which the store ignores.
  let sent = 0;
  let current: ReplicationStatus = { online: false, offlineSince: null, waiting: outbox.waiting() };
  let stopped = false;
  let wake: (() => void) | null = null;
  let retryWait = retry.first;
  let prepared = options.prepare === undefined;

  const publish = (next: ReplicationStatus) => {
    const changed =
      next.online !== current.online ||
      next.offlineSince !== current.offlineSince ||
      next.waiting !== current.waiting;
    current = next;
    if (changed) for (const listener of listeners) listener(next);
  };

  /** One batch; resolves to how many records it carried (0: the outbox is empty). */
  const pushOne = async (): Promise<number> => {
    if (!prepared) {
      await options.prepare?.();
      prepared = true;
    }
    const records = outbox.pending(sent, batchSize);
    if (records.length > 0) {
      await pushBatch(pool, counterId, records);
      sent = records[records.length - 1]!.outboxId;
      lastContact = clock.now();
    } else if (clock.now() - lastContact >= heartbeatMs) {
      await pool.query('SELECT paydesk_heartbeat($1)', [counterId]);
      lastContact = clock.now();
    }
    if (sent > 0) outbox.acknowledge(sent);
    publish({ online: true, offlineSince: null, waiting: outbox.waiting(sent) });
    return records.length;
  };

  const failed = (error: unknown) => {
    logger.warn('store replication failed; will retry', {
      error: error instanceof Error ? error.message : String(error),
    });
    publish({
      online: false,
      offlineSince: current.offlineSince ?? clock.now(),
      waiting: outbox.waiting(sent),
    });
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  let running: Promise<void> | null = null;
  const loop = async () => {
    while (!stopped) {
      try {
        const carried = await pushOne();
        retryWait = retry.first;
        if (carried < batchSize) await sleep(pollMs);
      } catch (error) {
        failed(error);
        await sleep(retryWait);
        retryWait = Math.min(retryWait * 2, retry.max);
      }
    }
  };
  running = loop();

  return {
    status: () => current,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async drain() {
      try {
        while ((await pushOne()) > 0);
      } catch (error) {
        failed(error);
        throw error;
      }
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
