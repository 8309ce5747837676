import type { Role } from '../../../shared/ipc-security';
import type { LockoutState } from './lockout';

export interface OperatorRecord extends LockoutState {
  operatorId: string;
  displayName: string;
  role: Role;
  credential: 'pin' | 'password';
  /** `scrypt$N$r$p$salt$hash` (see secret-hash.ts); never the secret. */
  secretHash: string;
  disabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface OperatorsConfig {
  enabled: boolean;
  idleMinutes: number;
  /** Largest refund, per currency, in major units, a supervisor gives back without a second. */
  refundThresholds: Partial<Record<string, string>>;
}

export const defaultOperatorsConfig: OperatorsConfig = {
  enabled: false,
  idleMinutes: 15,
  refundThresholds: {},
};

/**
 * Store mode: an operator's failed tries, change time and secret time as this counter last
 * agreed them with the store, so tries counted offline go back as a difference and a secret
 * set anew elsewhere makes the copy here stale.
 */
export interface SyncMark {
  failures: number;
  updatedAt: number;
  secretSetAt: number;
}

/**
 * Where operators live (a port): SQLite on the counter; in store mode a copy of the store's
 * accounts (store-copy.ts). IDs compare case-insensitively.
 */
export interface OperatorStore {
  all(): OperatorRecord[];
  get(operatorId: string): OperatorRecord | null;
  insert(record: OperatorRecord): void;
  update(operatorId: string, patch: Partial<Omit<OperatorRecord, 'operatorId'>>): void;
  syncMark(operatorId: string): SyncMark | null;
  setSyncMark(operatorId: string, mark: SyncMark): void;
  config(): OperatorsConfig;
  setConfig(config: OperatorsConfig): void;
}
