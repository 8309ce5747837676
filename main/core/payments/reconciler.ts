import type { AttemptResult } from '../../../shared/ipc';
import type { Result } from '../../../shared/result';
import type { AttemptRecord, Journal } from '../journal/journal';
import type { Clock, Logger, SavedCardSink } from '../ports';
import { handTokenOver } from './token-handover';
import { isNotCharged } from '../../../shared/failures/not-charged';
import { failureOf } from './failure-from-gateway';
import { readOrderState } from './order-state';
import { ended, writeEnding, type AttemptEnding } from './attempt-ending';
import type { Deadlines } from './deadlines';
import type { GatewayAccess, GatewayAccessError } from './gateway-access';
import type { EngineTuning } from './payment-deps';
import {
  legacyVoidEndingFromOrder,
  refundEndingFromOrder,
  settlePay,
  supervisorEnding,
} from './settlement';
import type { Holds } from './holds/hold-actions';
import { cancelLeftUnanswered, cancelLostPay, journalCancelRecord } from './lost-answer-cancel';
import type { Sleeper } from './sleeper';

export interface ReconcilerDeps {
  journal: Journal;
  /** Access to the gateway and merchant account the attempt itself used. */
  accessFor: (record: AttemptRecord) => Promise<Result<GatewayAccess, GatewayAccessError>>;
  logger: Logger;
  clock: Clock;
  tuning: EngineTuning;
  sleeper: Sleeper;
  deadlines: Deadlines;
  /** Capture and release in doubt settle through the holds' own reading. */
  holds: Pick<Holds, 'check'>;
  /** An in-doubt attempt reached its outcome (the service's `onSettled`). */
  settled: (result: AttemptResult) => void;
  /** A sale that saved its card and settles paid here hands its token on through this. */
  savedCards?: SavedCardSink;
}

/**
 * Attempts created since `fromMs` that ended "not charged" (their old deadline may not have
 * passed yet: the watch checks each one's own).
 */
function recentlyNotCharged(journal: Journal, fromMs: number): string[] {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = journal.search({ statuses: ['error'], fromMs: Math.max(0, fromMs) }, cursor, 100);
    ids.push(
      ...page.rows
        .filter((row) => isNotCharged(row.status, row.failureCode))
        .map((row) => row.attemptId),
    );
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

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

/**
 * Settles attempts left in doubt (DESIGN.md §3, "In doubt"): at once after a sale or refund
 * lost its answer, in the background with backoff, and at start-up for every one in the
 * journal. From here only Get order is sent, and Cancel (`TimedOut`) of a Pay's order past
 * its deadline: the card is gone, so a Pay is never repeated, nor is a refund.
 * One operation per attempt at a time: sales and refunds claim attempts through the same guard.
 */
export function createReconciler(deps: ReconcilerDeps) {
  const { journal, logger, clock, tuning, sleeper, deadlines } = deps;
  const busy = new Set<string>();
  /** Attempts with a background loop; the loop claims its attempt only for each round. */
  const looping = new Set<string>();
  /** Attempts written "not charged" by a Cancel, watched until their old deadline. */
  const watching = new Set<string>();
  const running = new Set<Promise<void>>();

  const claim = (attemptId: string) => (busy.has(attemptId) ? false : (busy.add(attemptId), true));
  const release = (attemptId: string) => void busy.delete(attemptId);

  /** The ending the gateway proves for an in-doubt record now, or null if still unknown. */
  async function endingFor(record: AttemptRecord): Promise<AttemptEnding | null> {
    if (!record.orderId) return null;
    const access = await deps.accessFor(record);
    if (!access.ok) {
      logger.warn('cannot settle now', { attemptId: record.attemptId, reason: access.error });
      return deadlines.passed(record) && record.state === 'pay-sent' ? supervisorEnding : null;
    }
    const { client } = access.value;
    if (record.state === 'pay-sent') {
      if (cancelLeftUnanswered(journal, record.attemptId)) {
        const steps = journalCancelRecord(journal, record.attemptId);
        const cancelled = await cancelLostPay(client, record.orderId, record, steps);
        if (cancelled) return cancelled;
      }
      return settlePay(client, record.orderId, record, {
        delaysMs: [0],
        sleep: sleeper.sleep,
        deadlinePassed: () => deadlines.passed(record),
      });
    }
    const read = await client.getOrder(record.orderId);
    if (!read.ok) return null;
    if (record.state === 'refund-sent') {
      return refundEndingFromOrder(record, read.value.order, deadlines.passed(record));
    }
    if (record.state === 'void-sent') return legacyVoidEndingFromOrder(record, read.value.order);
    return null;
  }

  /** One round for a claimed attempt; true once it is settled (or no longer in doubt). */
  async function settleOnce(attemptId: string): Promise<boolean> {
    const record = journal.get(attemptId);
    if (!record || record.status !== 'in-doubt') return true;
    if (record.state === 'capture-sent' || record.state === 'release-sent') {
      const ending = await deps.holds.check(attemptId);
      if (!ending) return false;
      deadlines.forget(attemptId);
      logger.info('hold action in doubt settled', { attemptId, ending });
      const result = journal.result(attemptId);
      if (result) deps.settled(result);
      return true;
    }
    const ending = await endingFor(record);
    if (!ending) return false;
    if (ending.status === 'in-doubt') {
      // Listed for a supervisor once; later rounds keep asking without new audit lines.
      if (record.failure?.code !== ending.failure?.code) {
        writeEnding(journal, attemptId, ending, 'supervisor');
        logger.warn('in-doubt attempt listed for a supervisor', { attemptId });
      }
      return false;
    }
    writeEnding(journal, attemptId, ending, 'reconciled');
    logger.info('in-doubt attempt settled', { attemptId, status: ending.status });
    handTokenOver({ journal, sink: deps.savedCards, logger }, attemptId, ending);
    const result = journal.result(attemptId);
    if (result) deps.settled(result);
    if (isNotCharged(ending.status, ending.failure?.code)) watchNotCharged(attemptId);
    else deadlines.forget(attemptId);
    return true;
  }

  /**
   * One look at an attempt written "not charged" after a Cancel, until its old deadline: the
   * gateway refuses Pay on a cancelled order, but should money show up all the same, the
   * attempt goes back in doubt for a supervisor (alarm in its audit trail and the log), and
   * settles from the order like any other. True once there is nothing more to watch.
   */
  async function watchRound(attemptId: string): Promise<boolean> {
    const record = journal.get(attemptId);
    if (!record?.orderId || !isNotCharged(record.status, record.failure?.code)) return true;
    if (deadlines.passed(record)) return true;
    const access = await deps.accessFor(record);
    if (!access.ok) return false;
    const read = await access.value.client.getOrder(record.orderId);
    if (!read.ok) return false;
    const { verdict } = readOrderState(read.value.order);
    if (verdict === 'not-paid' || verdict === 'reversed') return false;
    journal.transition(
      attemptId,
      { state: 'pay-sent', status: 'in-doubt', failure: failureOf('pay-needs-supervisor') },
      { step: 'charged-after-cancel', outcome: 'alarm', detail: read.value.order.detailedStatus },
    );
    logger.error('money on an order written not charged: listed for a supervisor', {
      attemptId,
      detailedStatus: read.value.order.detailedStatus,
    });
    const result = journal.result(attemptId);
    if (result) deps.settled(result);
    settleLater(attemptId);
    return true;
  }

  /** `work` with the attempt claimed; false, without running it, if the attempt is busy. */
  async function whileClaimed(attemptId: string, work: () => Promise<boolean>): Promise<boolean> {
    if (!claim(attemptId)) return false;
    try {
      return await work();
    } finally {
      release(attemptId);
    }
  }

  /**
   * Rounds for one attempt with the background backoff until `round` says it is done, one
   * loop per attempt in `loops`. Each round claims the attempt only for itself, so Check now
   * (or a refund) can run in between.
   */
  function inBackground(
    attemptId: string,
    loops: Set<string>,
    what: string,
    round: () => Promise<boolean>,
  ): void {
    if (sleeper.closed || loops.has(attemptId)) return;
    loops.add(attemptId);
    const rounds = async () => {
      const delays = tuning.backgroundRetryDelaysMs;
      try {
        for (let i = 0; i < tuning.backgroundMaxRounds; i += 1) {
          await sleeper.sleep(delays[Math.min(i, delays.length - 1)] ?? 0);
          if (sleeper.closed) return;
          if (await whileClaimed(attemptId, round)) return;
        }
        logger.warn(`${what}: left until next start-up`, { attemptId });
      } finally {
        loops.delete(attemptId);
      }
    };
    const loop = rounds().catch((error: unknown) =>
      logger.error(`${what} failed`, { attemptId, error }),
    );
    running.add(loop);
    void loop.finally(() => running.delete(loop));
  }

  function settleLater(attemptId: string): void {
    inBackground(attemptId, looping, 'background settlement', () => settleOnce(attemptId));
  }

  /** Watches an attempt written "not charged" by a Cancel until its old deadline. */
  function watchNotCharged(attemptId: string): void {
    inBackground(attemptId, watching, 'watching a cancelled order', () => watchRound(attemptId));
  }

  /** One round for an attempt it claims; false if busy or still unknown. */
  const settleClaimed = (attemptId: string) => whileClaimed(attemptId, () => settleOnce(attemptId));

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
        if (record?.status !== 'in-progress' || record.state === 'pay-sent') continue;
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
    /** Keeps asking in the background, with backoff, until the attempt settles. */
    settleLater,
    /** One round now for one attempt (the operator's "Check now"); false if still unknown. */
    checkNow: settleClaimed,
    /**
     * One round over every in-doubt attempt; the unsettled ones continue in the background.
     * Attempts a crash left before Pay end first.
     */
    watchNotCharged,
    async reconcile(): Promise<void> {
      endInterrupted();
      // Twice the longest session window: every deadline still to come lies within it.
      const windowMs = 2 * (tuning.sessionLifetimeMs + tuning.settleGraceMs);
      for (const attemptId of recentlyNotCharged(journal, clock.now() - windowMs)) {
        watchNotCharged(attemptId);
      }
      for (const record of journal.inDoubt()) {
        if (!(await settleClaimed(record.attemptId))) settleLater(record.attemptId);
      }
    },
    /** In-doubt attempts past their deadline: a supervisor must check them with the bank. */
    needingSupervisor(): AttemptRecord[] {
      return journal
        .inDoubt()
        .filter(
          (record) => deadlines.passed(record) || record.failure?.code === 'pay-needs-supervisor',
        );
    },
    async close(): Promise<void> {
      sleeper.close();
      await Promise.all(running);
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
