import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  cleared,
  isLockedOut,
  lockoutPolicy,
  type LockoutState,
} from '../../../../main/core/operators/lockout';

const minute = 60_000;

describe('lockout clock (PCI DSS 8.3.4)', () => {
  it('locks on the fifth wrong try for 30 minutes, and not before', () => {
    let state: LockoutState = cleared;
    for (let i = 1; i <= 4; i += 1) {
      state = afterFailure(state, 1_000 * i);
      expect(isLockedOut(state, 1_000 * i)).toBe(false);
    }
    state = afterFailure(state, 10_000);
    expect(state).toEqual({ failures: 5, lockedUntil: 10_000 + 30 * minute });
    expect(lockoutPolicy).toEqual({ maxFailures: 5, lockMs: 30 * minute });
    expect(isLockedOut(state, 10_000 + 30 * minute - 1)).toBe(true);
    expect(isLockedOut(state, 10_000 + 30 * minute)).toBe(false);
  });

  it('starts a fresh count once the lock has run out', () => {
    const locked = { failures: 5, lockedUntil: 100 };
    expect(afterFailure(locked, 100)).toEqual({ failures: 1, lockedUntil: null });
  });
});
