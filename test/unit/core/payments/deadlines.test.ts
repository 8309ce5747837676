import { describe, expect, it } from 'vitest';
import { createDeadlines } from '../../../../main/core/payments/deadlines';

/** A clock whose wall time and monotonic time move separately, as a changed system clock does. */
function splitClock() {
  const clock = { wall: 1_000_000, mono: 50, now: () => clock.wall, monotonic: () => clock.mono };
  return clock;
}

const WINDOW = 17 * 60_000;

describe('deadlines', () => {
  it('within the process, only the monotonic clock counts: a wall-clock jump does not end it', () => {
    const clock = splitClock();
    const deadlines = createDeadlines(clock, WINDOW);
    deadlines.set('a', clock.mono, WINDOW);
    const record = { attemptId: 'a', settleAfter: clock.wall + WINDOW, updatedAt: clock.wall };
    clock.wall += 2 * WINDOW;
    expect(deadlines.passed(record)).toBe(false);
    expect(deadlines.passedInProcess('a')).toBe(false);
    clock.mono += WINDOW;
    expect(deadlines.passed(record)).toBe(true);
    expect(deadlines.passedInProcess('a')).toBe(true);
  });

  it('after a restart, the journalled wall-clock deadline counts', () => {
    const clock = splitClock();
    const deadlines = createDeadlines(clock, WINDOW);
    const record = { attemptId: 'b', settleAfter: clock.wall + 1_000, updatedAt: clock.wall };
    expect(deadlines.passed(record)).toBe(false);
    expect(deadlines.passedInProcess('b')).toBe(false);
    clock.wall += 1_000;
    expect(deadlines.passed(record)).toBe(true);
  });

  it('an older journal without a deadline counts a full window from its last write', () => {
    const clock = splitClock();
    const deadlines = createDeadlines(clock, WINDOW);
    const record = { attemptId: 'c', settleAfter: null, updatedAt: clock.wall };
    clock.wall += WINDOW - 1;
    expect(deadlines.passed(record)).toBe(false);
    clock.wall += 1;
    expect(deadlines.passed(record)).toBe(true);
  });
});
