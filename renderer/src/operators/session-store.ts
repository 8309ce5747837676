import { create } from 'zustand';
import type { SessionState } from '../../../shared/ipc-security';
import { paydesk } from '../paydesk';

interface SessionStore {
  /** Null until main first answers. */
  state: SessionState | null;
  load(): Promise<void>;
  receive(state: SessionState): void;
}

/** Who is signed in, as main says (main decides; the window only follows). */
export const useSessionStore = create<SessionStore>()((set) => ({
  state: null,
  async load() {
    const answer = await paydesk().sessionState({});
    if (answer.ok) set({ state: answer.value });
  },
  receive(state) {
    set({ state });
  },
}));

/** True when the window must show the sign-in screen over everything else. */
export const selectNeedsSignIn = (state: SessionState | null) =>
  state !== null && state.operatorsEnabled && (state.operator === null || state.locked);
