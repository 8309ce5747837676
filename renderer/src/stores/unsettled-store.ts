import { create } from 'zustand';
import type { UnsettledPayment } from '../../../shared/ipc-same-card';
import { paydesk } from '../paydesk';

interface UnsettledState {
  /** This counter's payments whose charge is not known yet, newest first. */
  payments: readonly UnsettledPayment[];
  load(): Promise<void>;
}

/**
 * What the sale form knows of payments still awaiting the bank: the indicator shows them,
 * and the form stops a sale with the same card and amount before anything leaves (main
 * checks again, and decides).
 */
export const useUnsettledStore = create<UnsettledState>()((set) => ({
  payments: [],
  async load() {
    const answer = await paydesk().saleUnsettled({});
    // A failed read keeps the last list: main's own check still stops a second charge.
    if (answer.ok) set({ payments: answer.value.payments });
  },
}));
