import { create } from 'zustand';
import type { Screen } from '../common/top-bar';

interface ScreenState {
  screen: Screen;
  /** Shows another screen: the top bar, the menu, and links such as "Open in History". */
  go(screen: Screen): void;
}

/** Which of the three screens the window shows. */
export const useScreenStore = create<ScreenState>()((set) => ({
  screen: 'sale',
  go(screen) {
    set({ screen });
  },
}));
