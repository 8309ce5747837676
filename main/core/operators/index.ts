import { join } from 'node:path';
import { loadAuditKey } from '../audit/audit-key';
import { loadAuditSigner } from '../audit/audit-signing-key';
import { createAuditTrail, type AuditTrail } from '../audit/audit-trail';
import { createSqliteAuditStore } from '../audit/sqlite-audit-store';
import type { Clock, Logger } from '../ports';
import type { SecretCipher } from '../settings/settings-storage';
import { createOperatorsService, type OperatorsService } from './operators-service';
import { openSecurityDatabase } from './security-database';
import { createSqliteOperatorStore } from './sqlite-operator-store';

export interface Security {
  operators: OperatorsService;
  audit: AuditTrail;
  close(): void;
}

/**
 * Opens security.sqlite, unseals the audit keys (HMAC and signing), and records this start with the chain's
 * head as found (so rows cut off the end since the last run show up in Verify and in the
 * trail itself). Store mode swaps the two SQLite stores for PostgreSQL ones here.
 */
export async function openSecurity(deps: {
  dataDir: string;
  cipher: SecretCipher;
  clock: Clock;
  logger: Logger;
  live: () => boolean;
}): Promise<Security> {
  const db = openSecurityDatabase(join(deps.dataDir, 'security.sqlite'), deps.clock.now());
  try {
    const auditStore = createSqliteAuditStore(db);
    const { key, protected: keyProtected } = await loadAuditKey(
      auditStore,
      deps.cipher,
      deps.logger,
    );
    const signer = await loadAuditSigner(
      auditStore,
      deps.cipher,
      deps.logger,
      (auditStore.last()?.seq ?? 0) + 1,
    );
    const audit = createAuditTrail({ store: auditStore, key, signer, clock: deps.clock });
    audit.record('app-started', {
      detail: `head=${audit.headText()}${keyProtected ? '' : ' key=unprotected'}`,
    });
    const operators = createOperatorsService({
      store: createSqliteOperatorStore(db),
      audit,
      clock: deps.clock,
      live: deps.live,
    });
    return { operators, audit, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}
