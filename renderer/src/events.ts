import type { PaydeskApi } from '../../shared/ipc-api';
import { useSessionStore } from './operators/session-store';
import { useHistoryStore } from './stores/history-store';
import { useLinkStore } from './stores/link-store';
import { useSaleStore } from './stores/sale-store';
import { useSettingsStore } from './stores/settings-store';
import { useStoreStatus } from './store/store-status-store';
import { useUpdateStore } from './stores/update-store';

/** Routes main's pushed events into the stores; returns the unsubscribe function. */
export function connectEvents(api: PaydeskApi): () => void {
  const unsubscribe = [
    api.on('saleProgress', (event) => useSaleStore.getState().receiveProgress(event)),
    api.on('attemptSettled', (result) => {
      useSaleStore.getState().receiveSettled(result);
      void useHistoryStore.getState().refreshAttempt(result.attemptId);
    }),
    api.on('settingsChanged', (view) => useSettingsStore.getState().receive(view)),
    api.on('sessionChanged', (state) => useSessionStore.getState().receive(state)),
    api.on('linkUpdated', (link) => useLinkStore.getState().receive(link)),
    api.on('storeStatusChanged', (status) => useStoreStatus.getState().receive(status)),
    api.on('storeChanged', () => useStoreStatus.getState().changed()),
    api.on('updateStatusChanged', (status) => useUpdateStore.getState().receive(status)),
  ];
  return () => unsubscribe.forEach((off) => off());
}
