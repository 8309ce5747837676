import type pg from 'pg';
import {
  operatorFailureCodes,
  type OperatorFailureCode,
} from '../../../../shared/failures/operator-failures';
import { CodedFailure } from '../../coded-failure';
import type {
  AuthorityAccount,
  AuthoritySignIn,
  AuthorityWrite,
  OperatorAuthority,
} from '../../operators/operator-authority';
import type { Logger } from '../../ports';
import {
  signInAtStore,
  signOutAtStore,
  StoreOperatorRefusal,
  writeOperatorAtStore,
} from './store-sign-in';

/** How requests reach the store: the store thread from the main process, or a pool. */
export interface OperatorTransport {
  signIn(request: {
    operatorId: string;
    secret: string;
    purpose: 'sign-in' | 'approval';
  }): Promise<Exclude<AuthoritySignIn, { outcome: 'offline' }>>;
  write(write: AuthorityWrite): Promise<AuthorityAccount>;
  signOut(token: string): Promise<void>;
}

export const poolOperatorTransport = (pool: pg.Pool, counterId: string): OperatorTransport => ({
  signIn: (request) => signInAtStore(pool, { counterId, ...request }),
  write: (write) => writeOperatorAtStore(pool, { counterId, ...write }),
  signOut: (token) => signOutAtStore(pool, token),
});

/** Failures that mean "the store did not answer", as against the store's own refusal. */
const unanswered = new Set(['store-unreachable', 'store-not-configured', 'store-unavailable']);

const operatorCode = (code: string): OperatorFailureCode | null =>
  operatorFailureCodes.find((known) => known === code) ?? null;

/**
 * The store as the operators' authority (operators/operator-authority.ts): a sign-in the
 * store does not answer is `offline` (the counter then signs in only operators it has signed
 * in before); a change it does not answer is refused (`operators-need-store`), since only the
 * store changes accounts; the store's own refusals keep their codes.
 */
export function storeOperatorAuthority(deps: {
  active: () => boolean;
  transport: () => OperatorTransport;
  logger: Logger;
}): OperatorAuthority {
  return {
    active: deps.active,
    async signIn(request) {
      try {
        return await deps.transport().signIn(request);
      } catch (error) {
        deps.logger.warn('the store did not check a sign-in', { error: String(error) });
        return { outcome: 'offline' };
      }
    },
    async write(write) {
      try {
        return await deps.transport().write(write);
      } catch (error) {
        const code =
          error instanceof StoreOperatorRefusal || error instanceof CodedFailure
            ? error.code
            : 'store-unreachable';
        if (unanswered.has(code)) throw new CodedFailure('operators-need-store');
        throw new CodedFailure(operatorCode(code) ?? 'store-refused');
      }
    },
    signOut(token) {
      deps
        .transport()
        .signOut(token)
        .catch(() => undefined);
    },
  };
}
