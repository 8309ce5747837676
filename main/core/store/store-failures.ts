import { JournalError } from '../platform/journal-error';
import { StoreMembershipError } from './outbox';
import { StoreSchemaError } from './migrate-store';

/**
 * Every code the store channels can fail with (besides the settings service's
 * `secure-storage-unavailable`), for the translation tables and their test.
 */
export const storeFailureCodes = [
  'store-not-configured',
  'store-unavailable',
  'store-unreachable',
  'store-refused',
  'store-not-migrated',
  'store-schema-newer',
  'store-counter-mismatch',
  'store-settings-invalid',
  // Acting on another counter's payment needs the store's claims.
  'store-offline-other-counter',
  // A refund from All counters of this counter's own payment, or while Training is on.
  'store-own-payment',
  'store-training-selected',
  // A capture or release of another counter's hold while one of them has no answer yet.
  'store-hold-action-in-doubt',
] as const;
export type StoreFailureCode = (typeof storeFailureCodes)[number];

/** A store failure the operator is told about by code (Settings, store History). */
export class StoreUnavailableError extends Error {
  constructor(
    readonly code: StoreFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The operator-facing code of a store failure, or null for a bug. Connection refusals,
 * timeouts and server errors are all "the store cannot be reached or refused": the sale
 * path never depends on them, and Settings says what to check.
 */
export function storeFailureCode(error: unknown): StoreFailureCode | 'invalid-cursor' | null {
  if (error instanceof StoreUnavailableError) return error.code;
  if (error instanceof StoreMembershipError) return 'store-counter-mismatch';
  if (error instanceof StoreSchemaError) return 'store-schema-newer';
  if (error instanceof JournalError && error.code === 'invalid-cursor') return error.code;
  if (
    error instanceof Error &&
    /timeout|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|terminated|connect/i.test(error.message)
  ) {
    return 'store-unreachable';
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    // PostgreSQL's SQLSTATE: 42P01 undefined table = schema not migrated yet.
    return error.code === '42P01' ? 'store-not-migrated' : 'store-refused';
  }
  return null;
}
