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

export type BatchCache<K, V> = {
  /**
   * The values of `keys` (those the load answers), loading only the missing or stale ones, in one
   * call of `load`.
   */
  getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>>;
  clear(): void;
};

/**
 * `ttlCache` for values loaded many at a time (a page of product cards): one change-count read
 * and one load for all the keys a call misses. A key the load does not answer is not kept (asked
 * again next time). Entries loaded under another version are stale at once; the version is read
 * before loading, so a change made while loading leaves them stale, never current.
 */
export function batchCache<K, V>(options: {
  ttlMs: number;
  max: number;
  now?: () => number;
  version?: () => Promise<number>;
}): BatchCache<K, V> {
  const now = options.now ?? Date.now;
  const entries = new Map<K, { at: number; version: number; value: V }>();
  return {
    async getMany(keys, load) {
      const version = options.version ? await options.version() : 0;
      const found = new Map<K, V>();
      const missing = new Set<K>();
      const time = now();
      for (const key of keys) {
        const hit = entries.get(key);
        if (hit && hit.version === version && time - hit.at < options.ttlMs) {
          found.set(key, hit.value);
          // Most recently used last: the oldest go first past `max`.
          entries.delete(key);
          entries.set(key, hit);
        } else missing.add(key);
      }
      if (missing.size === 0) return found;
      const loaded = await load([...missing]);
      const at = now();
      for (const [key, value] of loaded) {
        found.set(key, value);
        if (options.ttlMs <= 0) continue;
        entries.delete(key);
        entries.set(key, { at, version, value });
      }
      for (const oldest of entries.keys()) {
        if (entries.size <= options.max) break;
        entries.delete(oldest);
      }
      return found;
    },
    clear: () => entries.clear(),
  };
}
