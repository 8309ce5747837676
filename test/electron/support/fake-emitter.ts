type Listener = (...args: never[]) => unknown;

/** The slice of Node's EventEmitter the fakes need, with a listener count for assertions. */
export class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    const wrapped = ((...args: never[]) => {
      this.off(event, wrapped);
      return listener(...args);
    }) as Listener;
    return this.on(event, wrapped);
  }
  off(event: string, listener: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (...a: unknown[]) => unknown)(...args);
  }
  count(event: string) {
    return this.listeners.get(event)?.length ?? 0;
  }
}
