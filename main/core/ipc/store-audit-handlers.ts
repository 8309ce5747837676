import type { storeAuditChannels } from '../../../shared/ipc-store-audit';
import type { IpcHandlers } from './router';
import type { StoreService } from '../store/store-service';

export type StoreAuditHandlers = Pick<IpcHandlers, keyof typeof storeAuditChannels>;

/**
 * Verify audit trail across the store (docs/store.md, "Audit across counters"): every
 * counter's chain, checked on the store thread. Who may call it is the permission table's.
 */
export function createStoreAuditHandlers(store: StoreService): StoreAuditHandlers {
  return { auditVerifyStore: async () => ({ chains: await store.auditVerify() }) };
}
