import type { Role } from '../../../shared/ipc-security';

/**
 * The store's word on operators (store mode; docs/security.md, "Store mode"): the store
 * checks and counts sign-ins and approvals against the only hash no counter can read, and
 * changes accounts only for an admin signed in at this counter. A port, so the operators
 * (a lower layer) use it without knowing the store; the composition root plugs the store in.
 */

/** An operator's account as the store shows it: never a secret. */
export interface AuthorityAccount {
  operatorId: string;
  displayName: string;
  role: Role;
  credential: 'pin' | 'password';
  disabled: boolean;
  failures: number;
  lockedUntil: number | null;
  createdAt: number;
  updatedAt: number;
  /** When its secret was last set, in the store's time. */
  secretSetAt: number;
}

export type AuthoritySignIn =
  | { outcome: 'ok'; account: AuthorityAccount; token: string | null }
  /** `locked-now`: this wrong try was the one that locked the operator. */
  | { outcome: 'wrong' | 'locked' | 'locked-now' | 'disabled'; account: AuthorityAccount }
  | { outcome: 'unknown' }
  /** The store did not answer: a counter signs in only operators it has signed in before. */
  | { outcome: 'offline' };

/** An account to add (`create`) or change; null fields stay as they are. */
export interface AuthorityWrite {
  /** The acting admin's sign-in at this counter; null only for a store's first admin. */
  token: string | null;
  operatorId: string;
  create: boolean;
  displayName: string | null;
  role: Role | null;
  secret: string | null;
  disabled: boolean | null;
  unlock: boolean;
}

/** A write's fields left as they are: a change names only what it changes. */
export const unchangedWrite = {
  create: false,
  displayName: null,
  role: null,
  secret: null,
  disabled: null,
  unlock: false,
} as const;

export interface OperatorAuthority {
  /** Whether this counter is in a store: its operators are then the store's. */
  active(): boolean;
  signIn(request: {
    operatorId: string;
    secret: string;
    purpose: 'sign-in' | 'approval';
  }): Promise<AuthoritySignIn>;
  /** Throws a CodedFailure: the store's refusal, or `operators-need-store` when offline. */
  write(write: AuthorityWrite): Promise<AuthorityAccount>;
  /** Ends a sign-in's token at the store; best effort (it expires on its own). */
  signOut(token: string): void;
}
