import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import {
  catalogueIndexKeeper,
  loadCatalogueIndex,
  type CatalogueIndexKeeper,
} from '#api/lib/catalogue-index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The in-process catalogue index (decision 0085), or null when it is off (CATALOGUE_INDEX=off,
     * and apps built without the option: tests of the SQL path).
     */
    catalogueIndex: CatalogueIndexKeeper | null;
  }
}

/** How long at least between two loads of the index after catalogue changes: 15 s. */
export const DEFAULT_INDEX_REFRESH_MS = 15_000;

/**
 * One catalogue index per process (each cluster worker its own), loaded as the app is ready
 * (the shop answers from SQL meanwhile: start-up never waits for it) and again after a change to
 * the catalogue, seen through the shop data change count in every process.
 */
export const catalogueIndexPlugin = fp<{
  enabled: boolean;
  refreshMs?: number;
  sqlWhileStaleBelowMs?: number;
}>(
  async (app, { enabled, refreshMs = DEFAULT_INDEX_REFRESH_MS, sqlWhileStaleBelowMs }) => {
    if (!enabled) {
      app.decorate('catalogueIndex', null);
      return;
    }
    const keeper = catalogueIndexKeeper({
      load: (stopped) => loadCatalogueIndex(app.db, () => app.shopDataVersion(), stopped),
      version: () => app.shopDataVersion(),
      refreshMs,
      ...(sqlWhileStaleBelowMs === undefined ? {} : { sqlWhileStaleBelowMs }),
      onError: (error) => app.log.warn({ err: error }, 'the catalogue index could not be loaded'),
      onLoaded: ({ index, version }, ms) =>
        app.log.info(
          { products: index.ids.length, values: index.values.length, version, ms },
          'catalogue index loaded',
        ),
    });
    app.decorate('catalogueIndex', keeper);
    if (app.hasDecorator('metrics')) {
      // Across cluster workers the fewest: 0 until every worker has its index.
      new Gauge({
        name: 'shop_catalogue_index_products',
        help: 'Products in the catalogue index (0: not loaded yet, answers from SQL).',
        aggregator: 'min',
        registers: [app.metrics.registry],
        collect() {
          this.set(keeper.last()?.products ?? 0);
        },
      });
      new Gauge({
        name: 'shop_catalogue_index_load_seconds',
        help: 'How long the last load of the catalogue index took.',
        aggregator: 'max',
        registers: [app.metrics.registry],
        collect() {
          this.set((keeper.last()?.ms ?? 0) / 1000);
        },
      });
    }
    // Loaded from the start, not waited for: the first cold filters may already be counted in
    // memory, and the shop answers from SQL until then.
    app.addHook('onReady', async () => {
      keeper.answer().catch((error: unknown) => {
        app.log.warn({ err: error }, 'the catalogue index could not be loaded');
      });
    });
    app.addHook('onClose', async () => keeper.close());
  },
  { name: 'catalogue-index', dependencies: ['shop-data'] },
);
