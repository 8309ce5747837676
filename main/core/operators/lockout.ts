/**
 * PCI DSS 8.3.4: five wrong tries in a row lock the operator out for at least 30 minutes.
 * Pure, so the clock is a parameter and the tests can walk it.
 */
export const lockoutPolicy = { maxFailures: 5, lockMs: 30 * 60_000 } as const;

export interface LockoutState {
  failures: number;
  lockedUntil: number | null;
}

export const isLockedOut = (state: LockoutState, now: number) =>
  state.lockedUntil !== null && now < state.lockedUntil;

/** After a wrong try: one more failure, and the lock once the fifth is reached. */
export function afterFailure(state: LockoutState, now: number): LockoutState {
  // A lock that has run out starts a fresh count, so the sixth try is not locked at once.
  const failures =
    (state.lockedUntil !== null && now >= state.lockedUntil ? 0 : state.failures) + 1;
  return {
    failures,
    lockedUntil: failures >= lockoutPolicy.maxFailures ? now + lockoutPolicy.lockMs : null,
  };
}

/** After a right secret or an admin's unlock. */
export const cleared: LockoutState = { failures: 0, lockedUntil: null };
