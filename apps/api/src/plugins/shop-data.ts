import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { shopDataVersions } from '#api/db/schema.ts';
import { sharedCache, type BatchCache, type CacheOptions, type TtlCache } from '#api/lib/cache.ts';
import { isDatabaseUnavailable } from '#api/lib/db-errors.ts';

/** How long a shop-wide answer is kept, and how many of them. */
type ShopDataCacheOptions<V> = {
  ttlMs: number;
  /**
   * The change count the answers follow instead of the shop data's own: one that moves with it
   * and more (the catalogue index's `cacheVersion`, lib/catalogue-index.ts).
   */
  version?: () => Promise<number>;
} & ({ max: number } | { maxSize: number; sizeOf: (value: V) => number });

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A cache for answers that are the same for every shopper and depend only on shop-wide data
     * (shop info, languages, menus, widgets, filters, counts, the price range): an entry is
     * dropped when the shop data changes (seen within `changeCheckMs`) or after `ttlMs`.
     * Never for anything priced for, or owned by, one shopper. Bounded by `max` entries, or by
     * `maxSize` of the entries' `sizeOf` (an entry larger than that alone is not kept).
     */
    shopDataCache<V>(options: ShopDataCacheOptions<V>): TtlCache<V>;
    /**
     * A cache of values loaded many at a time that follow the pages' change count (discounts and
     * reviews included, the stock not), such as the shop-wide part of product cards: dropped when
     * something a visitor without a session sees changes (seen within `changeCheckMs`, at once
     * after a write through this process) or after `ttlMs`, which bounds how late the stock
     * shows. Never for anything priced for, or owned by, one shopper.
     */
    pageDataBatchCache<K, V>(options: {
      ttlMs: number;
      max: number;
      /** Counts its hits and misses (the metrics' cache lookups). */
      onLookup?: CacheOptions<K, V>['onLookup'];
    }): BatchCache<K, V>;
    /**
     * The pages' change count (migrations 0010, 0011): moved by each committed transaction that
     * wrote what a page shows a visitor without a session, discounts and reviews included; not by
     * the stock, orders, sign-ups or anything else of one shopper's. Read at most once per
     * `changeCheckMs`. The storefront's page cache compares it.
     */
    pageDataVersion(): Promise<number>;
    /** The shop data's change count (what `shopDataCache` follows), read at most once per `changeCheckMs`. */
    shopDataVersion(): Promise<number>;
  }
}

/**
 * The rows of `shop_data_versions`: shop-wide answers (migration 0009), pages (0010). Since 0011
 * each is bumped as a writing transaction commits, once, so the new count becomes visible together
 * with what changed, and no transaction holds the row while it does anything else
 * (docs/decisions/0038-change-counts-at-commit.md).
 */
const SHOP_DATA_VERSION = 1;
const PAGE_DATA_VERSION = 2;

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * How long past its time a kept answer may still be given while one request reloads it (decision
 * 41): as long again as its time. Only an answer of the current change count: a change is never
 * served late by it.
 */
const staleWhileRefreshing = (ttlMs: number) => ttlMs;

/** How often the change count is read: a change shows on every cached answer within this. */
export const DEFAULT_CHANGE_CHECK_MS = 1000;

/**
 * The shop data's change count (`shop_data_versions`, bumped by triggers as a write to the
 * tables behind the cached answers commits, migrations 0009 and 0011), read at most once per
 * `changeCheckMs` and shared by every cache, so a page costs no query for it. Works the same on
 * PGlite and on PostgreSQL, where several processes each notice another's (or a script's) writes.
 */
export const shopDataPlugin = fp<{ changeCheckMs?: number }>(
  async (app, { changeCheckMs = DEFAULT_CHANGE_CHECK_MS }) => {
    const clock = () => app.now().getTime();
    /** Each counter's way to forget what it read (after a write through this process). */
    const forgetters: (() => void)[] = [];
    /** Row `id` of `shop_data_versions`, read at most once per changeCheckMs, reads shared. */
    const counter = (id: number) => {
      let known: { version: number; at: number } | null = null;
      let reading: Promise<number> | null = null;
      // A read that started before a forget must not bring the old count back.
      let generation = 0;
      forgetters.push(() => {
        known = null;
        reading = null;
        generation++;
      });
      const read = async () => {
        const [row] = await app.db
          .select({ version: shopDataVersions.version })
          .from(shopDataVersions)
          .where(eq(shopDataVersions.id, id));
        return row?.version ?? 0;
      };
      return (): Promise<number> => {
        if (known && clock() - known.at < changeCheckMs) return Promise.resolve(known.version);
        if (reading) return reading;
        const started = generation;
        const current: Promise<number> = read()
          .then((value) => {
            if (started === generation) known = { version: value, at: clock() };
            return value;
          })
          .finally(() => {
            if (reading === current) reading = null;
          });
        reading = current;
        return current;
      };
    };
    const version = counter(SHOP_DATA_VERSION);
    app.decorate('shopDataVersion', version);
    // Every shop-wide answer's cache counts as one in the metrics (plugins/metrics.ts).
    const shopLookups = app.hasDecorator('metrics')
      ? { onLookup: app.metrics.cacheLookups('shop-data') }
      : {};
    app.decorate('shopDataCache', <V>(options: ShopDataCacheOptions<V>) =>
      // Without a ttl nothing is kept, and the change count need not be read.
      sharedCache<string, V>({
        ...options,
        ...shopLookups,
        staleMs: staleWhileRefreshing(options.ttlMs),
        now: clock,
        ...(options.ttlMs > 0
          ? { version: options.version ?? version, unavailable: isDatabaseUnavailable }
          : {}),
      }),
    );
    const pageVersion = counter(PAGE_DATA_VERSION);
    app.decorate('pageDataVersion', pageVersion);
    app.decorate(
      'pageDataBatchCache',
      <K, V>(options: { ttlMs: number; max: number; onLookup?: CacheOptions<K, V>['onLookup'] }) =>
        sharedCache<K, V>({
          ...options,
          staleMs: staleWhileRefreshing(options.ttlMs),
          now: clock,
          ...(options.ttlMs > 0
            ? { version: pageVersion, unavailable: isDatabaseUnavailable }
            : {}),
        }),
    );
    // A write through this process shows on its very next read; other processes' and scripts'
    // writes within changeCheckMs. Before the answer leaves, so its client cannot be faster.
    app.addHook('onSend', async (req) => {
      if (!READ_METHODS.has(req.method)) for (const forget of forgetters) forget();
    });
  },
  { name: 'shop-data', dependencies: ['database'] },
);
