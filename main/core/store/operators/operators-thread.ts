import type pg from 'pg';
import type { z } from 'zod';
import type { operatorRequestSchemas } from './operators-protocol';
import { signInAtStore, signOutAtStore, writeOperatorAtStore } from './store-sign-in';

export type OperatorRequest = z.infer<(typeof operatorRequestSchemas)[number]>;

/**
 * The store thread's answer to an operator request. The counter is the thread's own (the
 * store takes it from the login role, and refuses another name): never the request's.
 */
export async function answerOperatorRequest(
  pool: pg.Pool,
  counterId: string,
  request: OperatorRequest,
): Promise<unknown> {
  switch (request.op) {
    case 'operatorSignIn':
      return signInAtStore(pool, { counterId, ...request });
    case 'operatorWrite': {
      const { id: _id, op: _op, ...write } = request;
      return writeOperatorAtStore(pool, { counterId, ...write });
    }
    case 'operatorSignOut':
      await signOutAtStore(pool, request.token);
      return {};
  }
}
