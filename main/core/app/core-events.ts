import type { IpcEventName } from '../../../shared/ipc';
import type { CoreEvents, Logger } from '../ports';

/**
 * A listener that throws (a window closing mid-send) is logged and skipped: delivering an
 * event must never interrupt the payment that raised it.
 */
export function createCoreEvents(logger: Logger): CoreEvents {
  const listeners = new Map<IpcEventName, Set<(payload: unknown) => void>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const entry = listener as (payload: unknown) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          listener(payload);
        } catch (error) {
          logger.error('event listener failed', { event, error: String(error) });
        }
      }
    },
  };
}
