import { create } from 'zustand';
import type { UpdateStatus } from '../../../shared/ipc-updates';
import { paydesk } from '../paydesk';

interface UpdateState {
  /** Null until main first answers. */
  status: UpdateStatus | null;
  /** The critical update the operator put off with Later (asked again for a newer one). */
  postponed: string | null;
  restarting: boolean;
  load(): Promise<void>;
  receive(status: UpdateStatus): void;
  /** Restart to update: main installs at once on an idle counter, else says what it waits for. */
  restart(): Promise<void>;
  postpone(version: string): void;
}

export const useUpdateStore = create<UpdateState>()((set) => ({
  status: null,
  postponed: null,
  restarting: false,
  async load() {
    const answer = await paydesk().updateStatus({});
    if (answer.ok) set({ status: answer.value });
  },
  receive(status) {
    set({ status });
  },
  async restart() {
    set({ restarting: true });
    const answer = await paydesk().updateRestart({});
    // When the counter turned out busy, main's list says with what; the status shows it.
    set({ restarting: answer.ok && answer.value.restarting });
    if (answer.ok && !answer.value.restarting) {
      const current = await paydesk().updateStatus({});
      if (current.ok) set({ status: { ...current.value, busy: answer.value.busy } });
    }
  },
  postpone(version) {
    set({ postponed: version });
  },
}));
