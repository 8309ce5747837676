import { Worker } from 'node:worker_threads';
import type { z } from 'zod';
import type { StoreStatus } from '../../../shared/ipc-store';
import type { StoreDay } from '../../../shared/ipc-store-day';
import type { StoreAuditChain } from '../../../shared/ipc-store-audit';
import { lazyWorker } from '../platform/lazy-worker';
import { settleAnswer, type AnswerReply } from '../platform/thread-requests';
import { relayThreadLog } from '../platform/thread-log';
import type { Logger } from '../ports';
import { storeReplySchema, storeValueSchemas, type StoreRequest } from './store-protocol';
import type { StoreConnection } from './store-connection';
import type { StoreHistoryFilters } from './store-history';
import type { ActionsElsewhere } from './claims/claims-protocol';
import type { HoldClaims } from './claims/hold-claims';
import type { RefundClaims } from './claims/order-claims';
import type { StoreCustomersTransport } from './customers/store-customers-transport';

/** Where the store thread's code is: the built file in Electron, the source under tsx. */
export interface StoreThreadEntry {
  url: URL;
  execArgv: string[];
}

/** The main process's handle on the store thread: requests go out, status comes back. */
export interface StoreClient {
  connect(
    connection: StoreConnection,
    password: string | null,
    journalPath: string,
    securityPath: string,
  ): Promise<boolean>;
  disconnect(): Promise<void>;
  migrate(): Promise<z.infer<typeof storeValueSchemas.migrate>>;
  history(
    filters: StoreHistoryFilters,
    cursor: string | null,
    limit: number,
  ): Promise<z.infer<typeof storeValueSchemas.history>>;
  endOfDay(range: { fromMs: number; toMs: number }): Promise<StoreDay>;
  auditVerify(): Promise<StoreAuditChain[]>;
  /** One payment as the store holds it; null when the store does not have it. */
  payment(attemptId: string): Promise<z.infer<typeof storeValueSchemas.storePayment>>;
  /** This counter's claims; each step runs on the store thread. */
  claims: RefundClaims;
  holdClaims: HoldClaims;
  /** Operators checked and changed by the store; each request runs on the store thread. */
  operators: {
    signIn(
      request: Omit<Extract<StoreRequest, { op: 'operatorSignIn' }>, 'id' | 'op'>,
    ): Promise<z.infer<typeof storeValueSchemas.operatorSignIn>>;
    write(
      request: Omit<Extract<StoreRequest, { op: 'operatorWrite' }>, 'id' | 'op'>,
    ): Promise<z.infer<typeof storeValueSchemas.operatorWrite>>;
    signOut(token: string): Promise<void>;
  };
  /** Customers and saved cards of this counter's merchant account, in the store. */
  customers: StoreCustomersTransport;
  close(): Promise<void>;
}

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

/**
 * Starts the store thread lazily (an install without store mode never starts one). If the
 * thread dies, the requests in flight fail; the service reconnects through `connect`.
 */
export function startStoreClient(options: {
  entry: StoreThreadEntry;
  onStatus: (status: StoreStatus) => void;
  onChanged: (counterId: string | null) => void;
  /** Refunds other counters gave on this counter's payments. */
  onActionsElsewhere?: (found: ActionsElsewhere) => void;
  onThreadError: (error: unknown) => void;
  /** Where the thread's log lines go: main's redacting logger. */
  logger: Logger;
}): StoreClient {
  const pending = new Map<
    number,
    { answer(reply: AnswerReply): void; reject(error: unknown): void }
  >();
  let nextId = 1;
  const worker = lazyWorker(() => {
    const started = new Worker(options.entry.url, { execArgv: options.entry.execArgv });
    started.on('message', (message: unknown) => {
      if (relayThreadLog(message, options.logger)) return;
      const reply = storeReplySchema.parse(message);
      if (reply.kind === 'status') return options.onStatus(reply.status);
      if (reply.kind === 'changed') return options.onChanged(reply.counterId);
      if (reply.kind === 'refundsElsewhere') {
        return options.onActionsElsewhere?.({ refunds: reply.refunds, holds: reply.holds });
      }
      const waiter = pending.get(reply.id);
      if (waiter === undefined) return;
      pending.delete(reply.id);
      waiter.answer(reply);
    });
    started.on('error', (error) => {
      options.onThreadError(error);
      for (const waiter of [...pending.values()]) waiter.reject(error);
      pending.clear();
    });
    return started;
  });

  function call<S extends z.ZodType>(
    request: Distribute<StoreRequest>,
    schema: S,
  ): Promise<z.infer<S>> {
    const target = worker.thread();
    if (target === null) return Promise.reject(new Error('store thread closed'));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, {
        answer: (reply) =>
          settleAnswer(
            reply,
            schema,
            { thread: 'store thread', op: request.op },
            { resolve, reject },
          ),
        reject,
      });
      target.postMessage({ ...request, id });
    });
  }

  return {
    connect: async (connection, password, journalPath, securityPath) =>
      (
        await call(
          { op: 'connect', connection, password, journalPath, securityPath },
          storeValueSchemas.connect,
        )
      ).connected,
    disconnect: async () => {
      if (worker.running() !== null) await call({ op: 'disconnect' }, storeValueSchemas.disconnect);
    },
    migrate: () => call({ op: 'migrate' }, storeValueSchemas.migrate),
    history: (filters, cursor, limit) =>
      call({ op: 'history', filters, cursor, limit }, storeValueSchemas.history),
    endOfDay: (range) => call({ op: 'endOfDay', ...range }, storeValueSchemas.endOfDay),
    auditVerify: () => call({ op: 'auditVerify' }, storeValueSchemas.auditVerify),
    payment: (attemptId) => call({ op: 'storePayment', attemptId }, storeValueSchemas.storePayment),
    claims: {
      // The thread claims as its own counter: the request's counterId is not sent.
      claim: ({ order, amountMinor, settleMs, operatorId, approverId }) =>
        call(
          {
            op: 'claimRefund',
            orderId: order.orderId,
            currency: order.currency,
            capturedMinor: order.capturedMinor,
            refundedMinor: order.refundedMinor,
            amountMinor,
            settleMs,
            operatorId: operatorId ?? null,
            approverId: approverId ?? null,
          },
          storeValueSchemas.claimRefund,
        ),
      settle: async (claimId, ending) => {
        await call({ op: 'settleClaim', claimId, ...ending }, storeValueSchemas.settleClaim);
      },
      settleFromOrder: async (claimId, refundedMinor) =>
        (
          await call(
            { op: 'settleClaimFromOrder', claimId, refundedMinor },
            storeValueSchemas.settleClaimFromOrder,
          )
        ).settled,
    },
    holdClaims: {
      claim: ({ order, standing, kind, settleMs, operatorId, approverId }) =>
        call(
          {
            op: 'claimHold',
            ...order,
            standing,
            kind,
            settleMs,
            operatorId: operatorId ?? null,
            approverId: approverId ?? null,
          },
          storeValueSchemas.claimHold,
        ),
      settle: async (claimId, ending) => {
        await call({ op: 'settleClaim', claimId, ...ending }, storeValueSchemas.settleClaim);
      },
    },
    operators: {
      signIn: (request) =>
        call({ op: 'operatorSignIn', ...request }, storeValueSchemas.operatorSignIn),
      write: (request) =>
        call({ op: 'operatorWrite', ...request }, storeValueSchemas.operatorWrite),
      signOut: async (token) => {
        await call({ op: 'operatorSignOut', token }, storeValueSchemas.operatorSignOut);
      },
    },
    customers: {
      search: (request) =>
        call({ op: 'customerSearch', ...request }, storeValueSchemas.customerSearch),
      get: (request) => call({ op: 'customerGet', ...request }, storeValueSchemas.customerGet),
      save: (request) => call({ op: 'customerSave', ...request }, storeValueSchemas.customerSave),
      delete: (request) =>
        call({ op: 'customerDelete', ...request }, storeValueSchemas.customerDelete),
      recordConsent: (request) =>
        call({ op: 'consentRecord', ...request }, storeValueSchemas.consentRecord),
      saveCard: (request) => call({ op: 'cardSave', ...request }, storeValueSchemas.cardSave),
      cardToken: (request) => call({ op: 'cardToken', ...request }, storeValueSchemas.cardToken),
      cardRefused: async (request) => {
        await call({ op: 'cardRefused', ...request }, storeValueSchemas.cardRefused);
      },
      removeCard: (request) => call({ op: 'cardRemove', ...request }, storeValueSchemas.cardRemove),
    },
    // Let the replicator finish its batch and close its connections cleanly.
    close: () =>
      worker.close(async () => {
        await call({ op: 'disconnect' }, storeValueSchemas.disconnect).catch(() => undefined);
      }),
  };
}
