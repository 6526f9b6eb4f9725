import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { shopDataVersions } from '#api/db/schema.ts';
import { ttlCache, type TtlCache } from '#api/lib/ttl-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A cache for answers that are the same for every shopper and depend only on shop-wide data
     * (shop info, languages, menus, widgets, filters, counts, the price range): an entry is
     * dropped when the shop data changes (seen within `changeCheckMs`) or after `ttlMs`.
     * Never for anything priced for, or owned by, one shopper.
     */
    shopDataCache<V>(options: { ttlMs: number; max: number }): TtlCache<V>;
  }
}

/** How often the change count is read: a change shows on every cached answer within this. */
export const DEFAULT_CHANGE_CHECK_MS = 1000;

/**
 * The shop data's change count (`shop_data_versions`, bumped by triggers on every write to the
 * tables behind the cached answers, migration 0009), read at most once per `changeCheckMs` and
 * shared by every cache, so a page costs no query for it. Works the same on PGlite and on
 * PostgreSQL, where several processes each notice another's (or a script's) writes.
 */
export const shopDataPlugin = fp<{ changeCheckMs?: number }>(
  async (app, { changeCheckMs = DEFAULT_CHANGE_CHECK_MS }) => {
    let known: { version: number; at: number } | null = null;
    let reading: Promise<number> | null = null;
    const clock = () => app.now().getTime();
    const read = async () => {
      const [row] = await app.db
        .select({ version: shopDataVersions.version })
        .from(shopDataVersions)
        .where(eq(shopDataVersions.id, 1));
      return row?.version ?? 0;
    };
    const version = (): Promise<number> => {
      if (known && clock() - known.at < changeCheckMs) return Promise.resolve(known.version);
      reading ??= read()
        .then((value) => {
          known = { version: value, at: clock() };
          return value;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    };
    app.decorate('shopDataCache', <V>(options: { ttlMs: number; max: number }) =>
      // Without a ttl nothing is kept, and the change count need not be read.
      ttlCache<V>({ ...options, now: clock, ...(options.ttlMs > 0 ? { version } : {}) }),
    );
  },
  { name: 'shop-data', dependencies: ['database'] },
);
