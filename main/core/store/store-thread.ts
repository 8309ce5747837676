import { parentPort } from 'node:worker_threads';
import type pg from 'pg';
import type { Logger } from '../ports';
import { StoreUnavailableError, storeFailureCode } from './store-failures';
import { registerCounter } from './counters';
import { openOutbox, type Outbox } from './outbox';
import { startSecuritySync, type SecuritySyncLoop } from './security/security-sync-loop';
import { startReplicator, type Replicator } from './outbox-replicator';
import { readStoreDay } from './store-end-of-day';
import { verifyStoreAudit } from './audit/store-audit-verify';
import { searchStoreHistory } from './store-history';
import { listenToStore, type StoreListener } from './store-listener';
import { latestStoreVersion, migrateStore } from './migrate-store';
import { createStorePool, storeClientConfig } from './store-pool';
import { serveRequests } from '../platform/thread-requests';
import { threadLogger } from '../platform/thread-log';
import { storeRequestSchema, type StoreReply, type StoreRequest } from './store-protocol';
import { answerClaimRequest } from './claims/claims-thread';
import { answerOperatorRequest } from './operators/operators-thread';
import { answerCustomerRequest } from './customers/customers-thread';
import { startActionsElsewhere } from './claims/actions-elsewhere';
import type { StoreRound } from './store-round';

/**
 * The store thread (worker_threads entry; electron-vite builds it as out/main/store-thread.js).
 * It owns this install's one PostgreSQL pool, the outbox connection, the replicator, the
 * LISTEN connection and the store History's queries, so no store work ever runs on the
 * main process, which only writes the journal and routes.
 */
const port = parentPort;
if (port === null) throw new Error('store-thread.ts runs only as a worker thread');

const send = (reply: StoreReply) => port.postMessage(reply);

// The thread's few log lines (connection dropped, retrying) go to main, which writes them
// to paydesk.log through its redacting logger.
const logger: Logger = threadLogger(port, 'store');
const clock = { now: () => Date.now() };

interface Connected {
  pool: pg.Pool;
  outbox: Outbox;
  replicator: Replicator;
  listener: StoreListener;
  security: SecuritySyncLoop;
  actionsElsewhere: StoreRound;
  counterId: string;
}
let connected: Connected | null = null;

async function disconnect(): Promise<void> {
  const current = connected;
  connected = null;
  if (current === null) return;
  await current.replicator.stop();
  await current.listener.stop();
  current.security.stop();
  current.actionsElsewhere.stop();
  current.outbox.close();
  await current.pool.end();
  send({
    kind: 'status',
    status: { state: 'off', offlineSince: null, waiting: 0, counterId: null },
  });
}

/**
 * Joins the journal to the store as the configured counter and starts replicating. The
 * counter is registered when the server answers; when it does not, the outbox still fills
 * and the replicator keeps trying (the top bar says offline), so a counter can be set up
 * while the server is down and loses nothing.
 */
async function connect(request: Extract<StoreRequest, { op: 'connect' }>) {
  await disconnect();
  const { connection } = request;
  const pool = createStorePool(connection, request.password, logger);
  const outbox = openOutbox(request.journalPath);
  try {
    outbox.join(connection.counterId, clock.now());
  } catch (error) {
    outbox.close();
    await pool.end();
    throw error;
  }
  const register = () =>
    registerCounter(pool, { counterId: connection.counterId, name: connection.counterName });
  const registered = register().then(
    () => true,
    (error: unknown) => {
      logger.warn('counter not registered yet', { error: String(error) });
      return false;
    },
  );
  const replicator = startReplicator({
    outbox,
    pool,
    counterId: connection.counterId,
    clock,
    logger,
    // Registered now, or once the server (or its schema) is there.
    prepare: async () => {
      if (!(await registered)) await register();
    },
  });
  const publish = () => {
    const status = replicator.status();
    send({
      kind: 'status',
      status: {
        state: status.online ? 'online' : 'offline',
        offlineSince: status.offlineSince,
        waiting: status.waiting,
        counterId: connection.counterId,
      },
    });
  };
  replicator.onStatus(publish);
  const listener = listenToStore({
    config: storeClientConfig(connection, request.password),
    onChange: (counterId) => {
      if (counterId !== connection.counterId) send({ kind: 'changed', counterId });
    },
    logger,
  });
  const security = startSecuritySync({
    pool,
    securityPath: request.securityPath,
    counterId: connection.counterId,
    clock,
    logger,
  });
  const actionsElsewhere = startActionsElsewhere({
    pool,
    counterId: connection.counterId,
    logger,
    onFound: (found) => send({ kind: 'refundsElsewhere', ...found }),
  });
  connected = {
    pool,
    outbox,
    replicator,
    listener,
    security,
    actionsElsewhere,
    counterId: connection.counterId,
  };
  publish();
  return { connected: await registered };
}

function current(): Connected {
  if (connected === null) {
    throw new StoreUnavailableError('store-not-configured', 'No store database is configured.');
  }
  return connected;
}

async function answer(request: StoreRequest): Promise<unknown> {
  switch (request.op) {
    case 'connect':
      return connect(request);
    case 'disconnect':
      await disconnect();
      return { connected: false };
    case 'migrate': {
      const client = await current().pool.connect();
      try {
        return { applied: await migrateStore(client), version: latestStoreVersion };
      } finally {
        client.release();
      }
    }
    case 'history':
      return searchStoreHistory(current().pool, request.filters, request.cursor, request.limit);
    case 'endOfDay': {
      const { pool, security } = current();
      const day = await readStoreDay(pool, request, clock.now());
      const auditChains = await verifyStoreAudit(pool, security.database(), {
        now: clock.now(),
        beforeMs: request.toMs,
      });
      return { ...day, auditChains };
    }
    case 'auditVerify': {
      const { pool, security } = current();
      return verifyStoreAudit(pool, security.database(), { now: clock.now() });
    }
    case 'storePayment':
    case 'claimRefund':
    case 'claimHold':
    case 'settleClaim':
    case 'settleClaimFromOrder':
      return answerClaimRequest(current().pool, current().counterId, request);
    case 'operatorSignIn':
    case 'operatorWrite':
    case 'operatorSignOut':
      return answerOperatorRequest(current().pool, current().counterId, request);
    case 'customerSearch':
    case 'customerGet':
    case 'customerSave':
    case 'customerDelete':
    case 'consentRecord':
    case 'cardSave':
    case 'cardToken':
    case 'cardRefused':
    case 'cardRemove':
      return answerCustomerRequest(current().pool, current().counterId, request);
  }
}

serveRequests(port, storeRequestSchema, answer, storeFailureCode);
