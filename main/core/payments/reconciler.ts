import type { AttemptResult } from '../../../shared/ipc';
import type { Result } from '../../../shared/result';
import type { AttemptRecord, Journal } from '../journal/journal';
import type { Logger } from '../ports';
import { ended, writeEnding, type AttemptEnding } from './attempt-ending';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';
import { readOrder } from './order-reading';
import type { EngineTuning } from './payment-deps';
import { payEndingFromOrder, refundEndingFromOrder, voidEndingFromOrder } from './settlement';
import type { Sleeper } from './sleeper';

export interface ReconcilerDeps {
  journal: Journal;
  openAccess: () => Promise<Result<GatewayAccess, GatewayAccessError>>;
  logger: Logger;
  tuning: EngineTuning;
  sleeper: Sleeper;
  /** An in-doubt attempt reached its outcome (the service's `onSettled`). */
  settled: (result: AttemptResult) => void;
}

/** The journal states that mark money sent without an answer. */
export const inDoubtStates = { pay: 'pay-sent', refund: 'refund-sent', void: 'void-sent' } as const;

/** Ids of attempts the journal still shows running; after a crash, none of them is. */
function runningAttemptIds(journal: Journal): string[] {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = journal.search({ statuses: ['in-progress'] }, cursor, 100);
    ids.push(...page.rows.map((row) => row.attemptId));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/** The ending Get order proves for an in-doubt record, or null if it is still unknown. */
async function endingFor(
  record: AttemptRecord,
  access: GatewayAccess,
): Promise<AttemptEnding | null> {
  if (!record.orderId) return null;
  const read = await readOrder(
    access.client,
    record.orderId,
    [0],
    async () => undefined,
    () => true,
  );
  if (!read.ok) return null;
  if (record.state === inDoubtStates.refund) return refundEndingFromOrder(record, read.value);
  if (record.state === inDoubtStates.void) return voidEndingFromOrder(record, read.value);
  return payEndingFromOrder(read.value, record.currency, undefined, read.correlationId);
}

/**
 * Settles attempts left in doubt (DESIGN.md §3): at start-up for every one in the journal,
 * and in the background for those a sale, refund or void could not settle at once. Only Get
 * order is ever sent from here: the card is gone, so a Pay can never be repeated.
 * One operation per attempt at a time: refunds claim attempts through the same guard.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { journal, logger, tuning, sleeper } = deps;
  const busy = new Set<string>();
  const running = new Set<Promise<void>>();

  const claim = (attemptId: string) => (busy.has(attemptId) ? false : (busy.add(attemptId), true));
  const release = (attemptId: string) => void busy.delete(attemptId);

  /** One Get order round for a claimed attempt; true once it is settled. */
  async function settleOnce(attemptId: string, access: GatewayAccess | null): Promise<boolean> {
    const record = journal.get(attemptId);
    if (!record || record.status !== 'in-doubt') return true;
    if (!access) return false;
    const ending = await endingFor(record, access);
    if (!ending) return false;
    writeEnding(journal, attemptId, ending, 'reconciled');
    logger.info('in-doubt attempt settled', { attemptId, status: ending.status });
    const result = journal.result(attemptId);
    if (result) deps.settled(result);
    return true;
  }

  async function openAccess(): Promise<GatewayAccess | null> {
    const access = await deps.openAccess();
    if (access.ok) return access.value;
    logger.warn('cannot reconcile now', { reason: access.error });
    return null;
  }

  async function backgroundLoop(attemptId: string): Promise<void> {
    const delays = tuning.backgroundRetryDelaysMs;
    try {
      for (let round = 0; round < tuning.backgroundMaxRounds; round += 1) {
        await sleeper.sleep(delays[Math.min(round, delays.length - 1)] ?? 0);
        if (sleeper.closed) return;
        if (await settleOnce(attemptId, await openAccess())) return;
      }
      logger.warn('attempt left in doubt until next start-up', { attemptId });
    } finally {
      release(attemptId);
    }
  }

  function settleLater(attemptId: string): void {
    if (sleeper.closed || !claim(attemptId)) return;
    const loop = backgroundLoop(attemptId).catch((error: unknown) =>
      logger.error('background settlement failed', { attemptId, error }),
    );
    running.add(loop);
    void loop.finally(() => running.delete(loop));
  }

  /** One Get order round for an attempt it claims; false if busy or still unknown. */
  async function settleClaimed(attemptId: string, access: GatewayAccess | null): Promise<boolean> {
    if (!claim(attemptId)) return true;
    try {
      return await settleOnce(attemptId, access);
    } finally {
      release(attemptId);
    }
  }

  /**
   * Ends attempts a crash stopped before Pay (still `in-progress`, shown as in doubt). Pay is
   * journalled as sent before it leaves, so without `pay-sent` nothing was charged, and the
   * card is gone: the attempt ends without a charge. Attempts a sale of this process is
   * running are claimed by it and left alone.
   */
  function endInterrupted(): void {
    for (const attemptId of runningAttemptIds(journal)) {
      if (!claim(attemptId)) continue;
      try {
        const record = journal.get(attemptId);
        if (record?.status !== 'in-progress' || record.state === inDoubtStates.pay) continue;
        writeEnding(journal, attemptId, ended('error', 'pay-not-completed'), 'reconciled');
        logger.info('interrupted attempt ended without a charge', { attemptId });
        const result = journal.result(attemptId);
        if (result) deps.settled(result);
      } finally {
        release(attemptId);
      }
    }
  }

  return {
    claim,
    release,
    /** Keeps asking Get order in the background until the attempt settles. */
    settleLater,
    /**
     * One round over every in-doubt attempt; the unsettled ones continue in the background.
     * Attempts a crash left before Pay end first.
     */
    async reconcile(): Promise<void> {
      endInterrupted();
      const records = journal.inDoubt();
      if (records.length === 0) return;
      const access = await openAccess();
      for (const record of records) {
        if (!(await settleClaimed(record.attemptId, access))) settleLater(record.attemptId);
      }
    },
    async close(): Promise<void> {
      sleeper.close();
      await Promise.all(running);
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
