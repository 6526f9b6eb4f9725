// The one in-process cache of the shop (docs/decisions/0041-one-cache-primitive.md): shop-wide
// API answers (plugins/shop-data.ts), the shop-wide part of product cards (plugins/card-data.ts)
// and the storefront's kept pages (apps/server/src/page-cache.ts) all keep their values here.
// lru-cache does the keeping (least recently used out first past `max` entries or `maxSize`) and
// shares one load between concurrent misses (`fetchMethod`); this module adds the change count.
import { LRUCache } from 'lru-cache';

/**
 * How a value was answered: kept and current (`hit`); kept and past its time, while another
 * caller's load refreshes it (`stale`); the load another caller started (`shared`); this caller's
 * own load, kept if `keep` allows (`load`); this caller's own load, not kept (`bypass`: the change
 * count unreadable, nothing kept without a ttl, or the load it waited for was not kept).
 */
export type CacheSource = 'hit' | 'stale' | 'shared' | 'load' | 'bypass';

export type SharedCache<K, V> = {
  /** The value of `key`: kept and current, or loaded once for every concurrent caller. */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /**
   * `get`, saying where the value came from. `load` is told whether its value is to be kept
   * (if `keep` allows): false when the cache is bypassed.
   */
  fetch(key: K, load: (keeping: boolean) => Promise<V>): Promise<{ value: V; source: CacheSource }>;
  /**
   * The values of `keys` (those the load answers), loading the missing or stale ones in one call
   * of `load`. A key another caller is loading waits for that load; a key the load leaves out is
   * not kept (asked again next time).
   */
  getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>>;
  /** The kept value of `key` if it is current; never loads. */
  peek(key: K): Promise<V | undefined>;
  clear(): void;
  /** Entries held. */
  readonly size: number;
  /** The sum of the entries' `sizeOf` (0 without it). */
  readonly calculatedSize: number;
};

/** Names kept from before the primitive: one-at-a-time answers, and values loaded in batches. */
export type TtlCache<V> = SharedCache<string, V>;
export type BatchCache<K, V> = SharedCache<K, V>;

export type CacheOptions<K, V> = {
  /** How long a value is current; 0 or less keeps nothing (every call loads). */
  ttlMs: number;
  /**
   * How long past `ttlMs` a value may still be answered while one caller's load refreshes it
   * (stale-while-revalidate); 0 (the default): never. A value loaded under another change count
   * is never answered stale, however young.
   */
  staleMs?: number;
  /** The least recently used go first past this many entries (1000 if neither is given)… */
  max?: number;
  /** …or, with `sizeOf`, past this sum of it instead (the page cache: bytes). */
  maxSize?: number;
  sizeOf?: (value: V, key: K) => number;
  /**
   * The change count (plugins/shop-data.ts): a value loaded under another count is not current.
   * It is read before loading, so a change made during a load leaves that value stale. Counts
   * only grow. When it cannot be read, the cache is bypassed: the caller loads, nothing is kept.
   */
  version?: () => Promise<number>;
  /**
   * Whether a failed read of the change count says the database is away (lib/db-errors.ts). Such
   * a failure is thrown to the caller instead of loading: the load would wait for the same
   * silent database, and a partition would cost the caller two statement timeouts in a row.
   */
  unavailable?: (error: unknown) => boolean;
  /** Whether a loaded value may be kept and shared (the page cache: only a keepable page). */
  keep?: (value: V) => boolean;
  now?: () => number;
  /**
   * Told how each answered key was found (`keys` of them at once): the metrics' hits and misses
   * (plugins/metrics.ts). `peek` finding nothing says `bypass`: its caller renders for itself.
   */
  onLookup?: (source: CacheSource, keys: number) => void;
};

type Entry<V> = { value: V; version: number; at: number };
/** What the caller that starts a load hands lru-cache's `fetchMethod`. */
type Load<V> = { run: () => Promise<Entry<V> | undefined> };

/** Entries kept when neither `max` nor `maxSize` is given. */
const DEFAULT_MAX = 1000;

/** An lru-cache key: the cache's callers never use null or undefined as a key. */
type Key<K> = K & NonNullable<unknown>;

export function sharedCache<K, V>(options: CacheOptions<K, V>): SharedCache<K, V> {
  const now = options.now ?? Date.now;
  const staleMs = Math.max(0, options.staleMs ?? 0);
  const keep = options.keep ?? (() => true);
  const { sizeOf } = options;
  // One eviction rule, least recently used out first: past `maxSize` when entries are weighed,
  // else past `max` entries.
  const bound:
    | { max: number }
    | { maxSize: number; sizeCalculation: (entry: Entry<V>, key: Key<K>) => number } =
    options.maxSize && sizeOf
      ? {
          maxSize: options.maxSize,
          sizeCalculation: (entry, key) => Math.max(1, Math.ceil(sizeOf(entry.value, key))),
        }
      : { max: options.max ?? DEFAULT_MAX };
  const store =
    options.ttlMs > 0
      ? new LRUCache<Key<K>, Entry<V>, Load<V>>({
          ...bound,
          // Forgotten once it may no longer be answered, even stale; freshness is decided below.
          ttl: options.ttlMs + staleMs,
          perf: { now },
          // lru-cache would otherwise read the clock once a millisecond, not on every call.
          ttlResolution: 0,
          fetchMethod: (_key, _stale, { context }) => context.run(),
        })
      : null;
  const readVersion = options.version ?? (async () => 0);
  const unavailable = options.unavailable ?? (() => false);
  /** The change count; undefined when it cannot be read (the cache is bypassed). */
  const currentVersion = (): Promise<number | undefined> =>
    readVersion().catch((error: unknown) => {
      if (unavailable(error)) throw error;
      return undefined;
    });

  /** What `key` holds for a caller who read `version`, and whether it may be answered. */
  const lookup = (key: K, version: number) => {
    // Past `ttlMs + staleMs` lru-cache drops the entry here; a reload under way keeps it.
    const held = store?.get(key as Key<K>);
    const age = held ? now() - held.at : Infinity;
    const current = held?.version === version;
    return {
      held,
      fresh: current && age < options.ttlMs,
      servable: current && age < options.ttlMs + staleMs,
    };
  };
  const entryOf = (value: V, version: number): Entry<V> => ({ value, version, at: now() });

  const counted = options.onLookup ?? (() => {});
  const fetch = async (
    key: K,
    load: (keeping: boolean) => Promise<V>,
  ): Promise<{ value: V; source: CacheSource }> => {
    const answer = await lookupOrLoad(key, load);
    counted(answer.source, 1);
    return answer;
  };
  const lookupOrLoad = async (
    key: K,
    load: (keeping: boolean) => Promise<V>,
  ): Promise<{ value: V; source: CacheSource }> => {
    const version = store ? await currentVersion() : undefined;
    if (!store || version === undefined) return { value: await load(false), source: 'bypass' };
    // At most twice: a load another caller started under an older count is waited for once,
    // then this caller, who saw the newer count, loads for itself.
    for (let attempt = 0; attempt < 2; attempt++) {
      const { held, fresh, servable } = lookup(key, version);
      if (held && fresh) return { value: held.value, source: 'hit' };
      const own: { loading?: Promise<V> } = {};
      const pending = store.fetch(key as Key<K>, {
        forceRefresh: true,
        // Joining a load under way: the kept value, if it may be answered stale.
        allowStale: servable,
        context: {
          run: async () => {
            own.loading = load(true);
            const value = await own.loading;
            return keep(value) ? entryOf(value, version) : undefined;
          },
        },
      });
      const entry = await pending.catch((error: unknown) => {
        if (own.loading) return undefined; // this caller's own failure: thrown just below
        throw error;
      });
      // This caller started the load: it waits for its own value, kept or not.
      if (own.loading) return { value: await own.loading, source: 'load' };
      // The load it waited for was not kept (a page that turned out personal): its own load.
      if (entry === undefined) break;
      if (entry === held) return { value: entry.value, source: 'stale' };
      if (entry.version >= version) return { value: entry.value, source: 'shared' };
    }
    return { value: await load(false), source: 'bypass' };
  };

  return {
    fetch,
    get: async (key, load) => (await fetch(key, load)).value,
    async getMany(keys, load) {
      const unique = [...new Set(keys)];
      const version = store ? await currentVersion() : undefined;
      if (!store || version === undefined) {
        const loaded = await load(unique);
        counted('bypass', unique.length);
        return loaded;
      }
      const found = new Map<K, V>();
      /** How many keys were found each way, told once the call is answered. */
      const tally = { hit: 0, stale: 0, shared: 0 };
      // The keys this call loads itself, in one batch that starts once they are all known.
      const mine: K[] = [];
      let started = false;
      let release: (loading: Promise<Map<K, V>>) => void = () => {};
      const batch = new Promise<Map<K, V>>((resolve, reject) => {
        release = (loading) => void loading.then(resolve, reject);
      });
      const waits: [K, Promise<Entry<V> | undefined>, Entry<V> | undefined][] = [];
      for (const key of unique) {
        const { held, fresh, servable } = lookup(key, version);
        if (held && fresh) {
          found.set(key, held.value);
          tally.hit++;
          continue;
        }
        const run = async () => {
          // lru-cache asks as the key is fetched, before the batch starts; were it later, the
          // key would get a load of its own.
          const loaded = started ? await load([key]) : (mine.push(key), await batch);
          return loaded.has(key) ? entryOf(loaded.get(key) as V, version) : undefined;
        };
        const wait = store.fetch(key as Key<K>, {
          forceRefresh: true,
          allowStale: servable,
          context: { run },
        });
        waits.push([key, wait, held]);
      }
      started = true;
      release(mine.length ? load([...mine]) : Promise.resolve(new Map<K, V>()));
      const again: K[] = [];
      for (const [key, wait, held] of waits) {
        if (mine.includes(key)) {
          // Its value comes from the batch (its failure too).
          wait.catch(() => undefined);
          continue;
        }
        const entry = await wait;
        if (entry === undefined) continue; // the load that had it did not answer it
        if (entry.version >= version) {
          found.set(key, entry.value);
          tally[entry === held ? 'stale' : 'shared']++;
        } else again.push(key); // loaded under an older change count
      }
      if (mine.length) {
        const loaded = await batch;
        for (const key of mine) if (loaded.has(key)) found.set(key, loaded.get(key) as V);
      }
      if (again.length) for (const [key, value] of await load(again)) found.set(key, value);
      for (const [source, keys] of Object.entries(tally) as [CacheSource, number][]) {
        if (keys) counted(source, keys);
      }
      if (mine.length + again.length) counted('load', mine.length + again.length);
      return found;
    },
    async peek(key) {
      const version = store ? await currentVersion() : undefined;
      if (!store || version === undefined) {
        counted('bypass', 1);
        return undefined;
      }
      const { held, fresh } = lookup(key, version);
      const kept = held && fresh ? held.value : undefined;
      counted(kept === undefined ? 'bypass' : 'hit', 1);
      return kept;
    },
    clear: () => store?.clear(),
    get size() {
      return store?.size ?? 0;
    },
    get calculatedSize() {
      return store?.calculatedSize ?? 0;
    },
  };
}
