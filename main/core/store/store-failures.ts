import type { StoreFailureCode } from '../../../shared/failures/store-failures';
import {
  operatorFailureCodes,
  type OperatorFailureCode,
} from '../../../shared/failures/operator-failures';
import { StoreOperatorRefusal } from './operators/store-sign-in';
import { StoreCustomerRefusal } from './customers/store-customers';
import type { CustomerFailureCode } from '../../../shared/failures/customer-failures';
import { JournalError } from '../platform/journal-error';
import { StoreMembershipError } from './outbox';
import { StoreSchemaError } from './migrate-store';

/** A store failure the operator is told about by code (Settings, store History). */
export class StoreUnavailableError extends Error {
  constructor(
    readonly code: StoreFailureCode,
    /** For the log only: the operator reads the renderer's sentence for `code`. */
    detail: string,
  ) {
    super(detail);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The operator-facing code of a store failure, or null for a bug. Connection refusals,
 * timeouts and server errors are all "the store cannot be reached or refused": the sale
 * path never depends on them, and Settings says what to check.
 */
export function storeFailureCode(
  error: unknown,
): StoreFailureCode | OperatorFailureCode | CustomerFailureCode | 'invalid-cursor' | null {
  if (error instanceof StoreUnavailableError) return error.code;
  if (error instanceof StoreCustomerRefusal) return error.code;
  if (error instanceof StoreOperatorRefusal) {
    // The store's own refusal of an operator change (last admin, not signed in, ...).
    const code = operatorFailureCodes.find((known) => known === error.code);
    return code ?? 'store-refused';
  }
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
