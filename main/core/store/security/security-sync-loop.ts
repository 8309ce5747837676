import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { openSecurityDatabase } from '../../operators/security-database';
import type { Clock, Logger } from '../../ports';
import { pushAuditChain } from '../audit/audit-replication';
import { syncOperators } from '../operators/operator-sync';
import { startStoreRound } from '../store-round';

export interface SecuritySyncLoop {
  stop(): void;
}

/**
 * The store thread's round over security.sqlite, every `everyMs` (docs/store.md, "Shared
 * operators", "Audit across counters"): merges this counter's operators with the store's,
 * so a lockout or an account made at one counter reaches the others within that time, and
 * sends the audit rows the store does not have yet. security.sqlite is opened beside the main process's handle
 * (WAL, busy timeout), which reads each operator afresh on every sign-in. A failed round
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
  return startStoreRound({
    everyMs: deps.everyMs ?? 2_000,
    logger: deps.logger,
    failure: 'operators and audit not synced with the store',
    async work() {
      db ??= openSecurityDatabase(deps.securityPath, deps.clock.now());
      await syncOperators(deps.pool, db, deps.counterId, deps.clock.now());
      await pushAuditChain(deps.pool, db, deps.counterId);
    },
    onStop() {
      db?.close();
      db = null;
    },
  });
}
