import { create } from 'zustand';
import type { StoreStatus } from '../../../shared/ipc-store';
import { paydesk } from '../paydesk';

interface StoreStatusState {
  status: StoreStatus | null;
  /** Bumped when another counter's records arrive: the store History reloads. */
  changes: number;
  load(): Promise<void>;
  receive(status: StoreStatus): void;
  changed(): void;
}

/** Store mode's replication state (top bar) and "something new in the store". */
export const useStoreStatus = create<StoreStatusState>()((set) => ({
  status: null,
  changes: 0,
  async load() {
    const answer = await paydesk().storeStatus({});
    if (answer.ok) set({ status: answer.value });
  },
  receive: (status) => set({ status }),
  changed: () => set((state) => ({ changes: state.changes + 1 })),
}));
