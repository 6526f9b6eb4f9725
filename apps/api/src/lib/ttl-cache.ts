export type TtlCache<V> = {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
};

/**
 * A small in-process cache for answers that are the same for every shopper (shop info, menus,
 * filter facets): entries live `ttlMs`, the oldest go first past `max`, and concurrent misses share
 * one load. With `version` (the shop data's change count, plugins/shop-data.ts), an entry loaded
 * under another version is stale at once: a change shows without waiting for the ttl.
 */
export function ttlCache<V>(options: {
  ttlMs: number;
  max: number;
  now?: () => number;
  version?: () => Promise<number>;
}): TtlCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; version: number; value: Promise<V> }>();
  const lookup = (key: string, load: () => Promise<V>, version: number): Promise<V> => {
    const hit = entries.get(key);
    if (hit && hit.version === version && now() - hit.at < options.ttlMs) return hit.value;
    const value = load();
    entries.delete(key);
    const entry = { at: now(), version, value };
    entries.set(key, entry);
    // A failed load is not remembered (unless a newer load already replaced it).
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    while (entries.size > options.max) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    return value;
  };
  const { version } = options;
  return {
    get: version
      ? async (key, load) => lookup(key, load, await version())
      : (key, load) => lookup(key, load, 0),
    clear: () => entries.clear(),
  };
}
