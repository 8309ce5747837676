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
 * Where operators live (a port): SQLite on one counter today, PostgreSQL in store mode,
 * where a lockout then applies at every counter. IDs compare case-insensitively.
 */
export interface OperatorStore {
  all(): OperatorRecord[];
  get(operatorId: string): OperatorRecord | null;
  insert(record: OperatorRecord): void;
  update(operatorId: string, patch: Partial<Omit<OperatorRecord, 'operatorId'>>): void;
  config(): OperatorsConfig;
  setConfig(config: OperatorsConfig): void;
}
