/**
 * Pauses that `close()` cuts short, so background settlement never keeps the app (or a
 * test) from shutting down. After close every pause ends at once.
 */
export function createSleeper() {
  const pending = new Map<NodeJS.Timeout, () => void>();
  let closed = false;
  return {
    get closed() {
      return closed;
    },
    sleep(ms: number): Promise<void> {
      if (closed || ms <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, ms);
        timer.unref();
        pending.set(timer, resolve);
      });
    },
    close(): void {
      closed = true;
      for (const [timer, resolve] of pending) {
        clearTimeout(timer);
        resolve();
      }
      pending.clear();
    },
  };
}

export type Sleeper = ReturnType<typeof createSleeper>;
