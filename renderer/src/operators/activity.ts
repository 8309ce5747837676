import { paydesk } from '../paydesk';

/** At most one touch per this long: enough for a 1-minute idle setting, cheap on IPC. */
const touchEveryMs = 20_000;

/**
 * Keys and clicks restart main's idle clock, and Ctrl+L (Cmd+L on macOS) locks at once.
 * Main keeps the clock, so a window that stops telling it still locks on time.
 */
export function watchActivity(target: Window): () => void {
  let lastTouch = 0;
  const touch = () => {
    const now = Date.now();
    if (now - lastTouch < touchEveryMs) return;
    lastTouch = now;
    void paydesk().sessionTouch({});
  };
  const onKey = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'l') {
      event.preventDefault();
      void paydesk().sessionLock({});
      return;
    }
    touch();
  };
  target.addEventListener('keydown', onKey, true);
  target.addEventListener('pointerdown', touch, true);
  return () => {
    target.removeEventListener('keydown', onKey, true);
    target.removeEventListener('pointerdown', touch, true);
  };
}
