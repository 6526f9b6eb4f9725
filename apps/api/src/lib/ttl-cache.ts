/**
 * A small in-process cache for answers that are the same for every shopper (filter facets):
 * entries live `ttlMs`, the oldest go first past `max`, and concurrent misses share one load.
 */
export function ttlCache<V>(options: { ttlMs: number; max: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      while (entries.size > options.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear: () => entries.clear(),
  };
}
