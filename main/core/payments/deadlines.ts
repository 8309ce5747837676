import type { AttemptRecord } from '../journal/journal';
import type { Clock } from '../ports';

export const monotonicNow = (clock: Clock): number => clock.monotonic?.() ?? performance.now();

/**
 * When "nothing on the order yet" may be taken as final for money in doubt. Within the
 * process that sent the money, a monotonic deadline (a wall-clock change cannot move it);
 * after a restart, the journalled wall-clock deadline, which was set to the later of the
 * session's creation plus its lifetime and grace, and the session's own expiry plus grace.
 */
export function createDeadlines(clock: Clock, legacyWindowMs: number) {
  const inProcess = new Map<string, number>();
  return {
    /** The attempt's deadline in this process, `ms` after the monotonic moment `from`. */
    set(attemptId: string, from: number, ms: number): void {
      inProcess.set(attemptId, from + ms);
    },
    passed(record: Pick<AttemptRecord, 'attemptId' | 'settleAfter' | 'updatedAt'>): boolean {
      const monotonic = inProcess.get(record.attemptId);
      if (monotonic !== undefined) return monotonicNow(clock) >= monotonic;
      // A journal from before deadlines were written has none. Its last write came after the
      // session was created, so a window from there is never earlier than the real deadline.
      return clock.now() >= (record.settleAfter ?? record.updatedAt + legacyWindowMs);
    },
    /** For an attempt of this process only (false if it has no deadline here). */
    passedInProcess(attemptId: string): boolean {
      const monotonic = inProcess.get(attemptId);
      return monotonic !== undefined && monotonicNow(clock) >= monotonic;
    },
    forget(attemptId: string): void {
      inProcess.delete(attemptId);
    },
  };
}

export type Deadlines = ReturnType<typeof createDeadlines>;
