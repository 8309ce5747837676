import type { AuditEventName } from '../../../shared/ipc-security';
import type { ChainedRow, RecordedHead } from './audit-chain';

export interface AuditQuery {
  operatorId?: string;
  events?: readonly AuditEventName[];
  beforeSeq: number | null;
  limit: number;
}

/**
 * Where the chain lives (a port): security.sqlite on one counter; PostgreSQL in store mode,
 * one chain per counter. `append` computes nothing: the trail service hands it
 * the row with its MAC and the new head, and the store writes both in one transaction.
 */
export interface AuditStore {
  last(): ChainedRow | null;
  append(row: ChainedRow, head: RecordedHead): void;
  head(): RecordedHead | null;
  /** Every row in sequence order, read lazily. */
  rows(): Iterable<ChainedRow>;
  search(query: AuditQuery): ChainedRow[];
  /** The key as sealed by the OS cipher, and whether the cipher really protected it. */
  sealedKey(): { sealed: string; protected: boolean } | null;
  saveSealedKey(sealed: string, isProtected: boolean): void;
  /** The signing key pair (audit-signing-key.ts): private half sealed, public half plain. */
  signingKey(): SavedSigningKey | null;
  saveSigningKey(key: SavedSigningKey): void;
}

export interface SavedSigningKey {
  sealed: string;
  protected: boolean;
  publicKey: string;
  firstSeq: number;
}
