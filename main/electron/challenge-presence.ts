/**
 * Whether a 3-D Secure challenge window is open. While one is, the application menu's
 * commands (New sale, History, Settings) are ignored: on macOS the menu answers whatever
 * window is in front, and the main window must not change screens mid-verification.
 */
export interface ChallengePresence {
  /** A challenge window opened; call the returned function once when it is gone. */
  enter(): () => void;
  isOpen(): boolean;
}

export function createChallengePresence(): ChallengePresence {
  let open = 0;
  return {
    enter() {
      open += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        open -= 1;
      };
    },
    isOpen: () => open > 0,
  };
}
