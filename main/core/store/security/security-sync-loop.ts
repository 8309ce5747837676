import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { openSecurityDatabase } from '../../operators/security-database';
import type { Clock, Logger } from '../../ports';
import { pinAuditKeys, publishAuditKey, storeAuditKeys } from '../audit/audit-key-pins';
import { pushAuditChain } from '../audit/audit-replication';
import { syncOperators } from '../operators/operator-sync';
import { startStoreRound } from '../store-round';

export interface SecuritySyncLoop {
  /** security.sqlite as this thread holds it open (the audit checks read and pin keys in it). */
  database(): DatabaseSync;
  stop(): void;
}

/**
 * The store thread's round over security.sqlite, every `everyMs` (docs/store.md, "Shared
 * operators", "Audit across counters"): merges this counter's operators with the store's,
 * so a lockout or an account made at one counter reaches the others within that time, and
 * publishes this counter's audit key, sends the audit rows the store does not have yet and
 * pins the keys of counters seen for the first time. security.sqlite is opened beside the
 * main process's handle (WAL, busy timeout), which reads each operator afresh on every
 * sign-in. A failed round
 * (store offline) changes nothing here; the next one merges what was counted meanwhile.
 */
export function startSecuritySync(deps: {
  pool: pg.Pool;
  securityPath: string;
  counterId: string;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
}): SecuritySyncLoop {
  let db: DatabaseSync | null = null;
  const database = () => (db ??= openSecurityDatabase(deps.securityPath, deps.clock.now()));
  const round = startStoreRound({
    everyMs: deps.everyMs ?? 2_000,
    logger: deps.logger,
    failure: 'operators and audit not synced with the store',
    async work() {
      const security = database();
      await syncOperators(deps.pool, security, deps.counterId);
      await publishAuditKey(deps.pool, security, deps.counterId, deps.clock.now());
      await pushAuditChain(deps.pool, security, deps.counterId);
      pinAuditKeys(security, await storeAuditKeys(deps.pool), deps.clock.now());
    },
    onStop() {
      db?.close();
      db = null;
    },
  });
  return { database, stop: () => round.stop() };
}
