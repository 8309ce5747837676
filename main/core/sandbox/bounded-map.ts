/**
 * A Map that keeps at most `limit` entries, least recently used dropped first: reading an
 * entry (get) or writing it (set) makes it the most recent. The sandbox runs for days in
 * Training mode, so its memory must not grow with every payment ever made.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly limit: number,
    private readonly onEvict: (key: K, value: V) => void = () => undefined,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    for (const [oldest, evicted] of this.entries) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
      this.onEvict(oldest, evicted);
    }
  }

  /** Every value, least recently used first; reading them does not reorder. */
  values(): IterableIterator<V> {
    return this.entries.values();
  }
}
