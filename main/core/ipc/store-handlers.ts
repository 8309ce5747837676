import type { storeChannels } from '../../../shared/ipc-store';
import type { IpcHandlers } from './router';
import type { StoreService } from '../store/store-service';

export type StoreHandlers = Pick<IpcHandlers, keyof typeof storeChannels>;

/** The store channels (shared/ipc-store.ts); who may call them is in the permission table. */
export function createStoreHandlers(
  store: StoreService,
  actor: () => string | null,
): StoreHandlers {
  return {
    storeStatus: async () => store.status(),
    storeSettings: async () => store.settings(),
    storeConfigure: ({ connection, password }) => store.configure(connection, password, actor()),
    storeMigrate: () => store.migrate(),
    storeHistory: async ({ filters, cursor, limit }) => {
      const page = await store.history(filters, cursor, limit);
      return {
        nextCursor: page.nextCursor,
        rows: page.rows.map((row) => ({
          attemptId: row.attemptId,
          counterId: row.counterId,
          createdAt: row.createdAt,
          merchantReferenceId: row.merchantReferenceId,
          orderId: row.orderId,
          amountMinor: row.amountMinor,
          currency: row.currency,
          masked: row.masked,
          holderName: row.holderName,
          status: row.status,
          operatorId: row.operatorId,
          refundedMinor: row.refundedMinor,
        })),
      };
    },
  };
}
