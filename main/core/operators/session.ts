import type { Role } from '../../../shared/ipc-security';

export interface SessionOperator {
  operatorId: string;
  displayName: string;
  role: Role;
}

/**
 * Who is at the counter. Locking keeps the operator (the lock screen names them) but
 * refuses everything until someone signs in; a sale already running is not touched, so its
 * result is there after sign-in. Idle time is measured from the last request or touch.
 */
export function createSession(now: () => number) {
  let operator: SessionOperator | null = null;
  let locked = false;
  let lastActivity = now();
  return {
    operator: () => operator,
    locked: () => locked,
    /** The operator, only when signed in and not locked. */
    active: () => (operator && !locked ? operator : null),
    signIn(next: SessionOperator) {
      operator = next;
      locked = false;
      lastActivity = now();
    },
    lock() {
      const changed = operator !== null && !locked;
      locked = operator !== null;
      return changed;
    },
    signOut() {
      operator = null;
      locked = false;
    },
    touch() {
      lastActivity = now();
    },
    idleFor: () => now() - lastActivity,
  };
}

export type Session = ReturnType<typeof createSession>;
