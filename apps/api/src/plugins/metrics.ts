import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Counter, Gauge } from 'prom-client';
import { poolStatsOf, type PoolStats } from '#api/db/client.ts';
import {
  ClusterMetricsUnavailable,
  createMetrics,
  metricsText,
  serveWorkerPart,
  type ShopMetrics,
} from '#api/lib/metrics.ts';
import { fromNetwork } from './limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics: what the code counts into (lib/metrics.ts). */
    metrics: ShopMetrics;
  }
  interface FastifyRequest {
    /**
     * The route the request counts under when Fastify's own pattern says too little: the
     * storefront's pages are all `/*` to Fastify, and set their React Router pattern here.
     */
    metricsRoute: string | null;
  }
}

export type MetricsOptions = {
  /** Whether `/metrics` is served (the counting happens either way: it is cheap). */
  enabled?: boolean;
  /** With it, `/metrics` asks for `Authorization: Bearer <token>` (METRICS_TOKEN). */
  token?: string;
  /** Node's own figures too (memory, event loop, GC): the server's one app per process. */
  processMetrics?: boolean;
  /** The shop's Redis, whose health is reported. */
  redis?: { ping(): Promise<unknown> };
};

/** How long a scrape waits for the database's and Redis's answer before it reports them down. */
const PROBE_TIMEOUT_MS = 2000;

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The pattern the router matched (`/:locale/api/products/products/:id/`): bounded, unlike URLs.
 * The build's hashed assets are one route each to @fastify/static, with new names at each
 * build: they count as one.
 */
const routeLabel = (pattern: string | undefined) =>
  pattern === undefined ? 'unmatched' : pattern.startsWith('/assets/') ? '/assets/*' : pattern;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * Counts every answered request (route pattern, method, status, origin, time) and serves
 * `/metrics` in Prometheus text when enabled: the process's registry, or in a cluster worker the
 * sum of all workers' (lib/metrics.ts). Read at scrape: the connection pool, and whether the
 * database and Redis answer. A failure to count or read is logged; it never fails a request, and
 * a figure that cannot be read is left out of the scrape (decision 0061).
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { enabled = true, token, processMetrics = false, redis }) => {
    const metrics = createMetrics({
      processMetrics,
      onError: (err, what) => app.log.error({ err }, `metrics: counting the ${what} failed`),
    });
    app.decorate('metrics', metrics);
    app.decorateRequest('metricsRoute', null);
    const registers = [metrics.registry];

    app.addHook('onResponse', async (req, reply) => {
      metrics.request({
        method: req.method,
        route: routeLabel(req.metricsRoute ?? req.routeOptions.url),
        status: reply.statusCode,
        origin: fromNetwork(req) ? 'network' : 'in-process',
        seconds: reply.elapsedTime / 1000,
      });
    });

    /** A metric's read at scrape, whose failure is logged and leaves the figure out. */
    const logged = <T>(what: string, read: (this: T) => Promise<void> | void) =>
      async function (this: T) {
        try {
          await read.call(this);
        } catch (err) {
          app.log.error({ err }, `metrics: reading ${what} failed`);
        }
      };

    // The connection pool, as it is at the scrape (PoolStats in db/client.ts; none for a
    // database the app was handed from elsewhere).
    const poolGauge = (name: string, help: string, value: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect: logged('the pool', function (this: Gauge) {
          this.reset();
          const stats = poolStatsOf(app.db);
          if (stats) this.set(value(stats));
        }),
      });
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Database connections open, busy (handed out) or idle.',
      labelNames: ['state'] as const,
      registers,
      collect: logged('the pool', function (this: Gauge<'state'>) {
        this.reset();
        const stats = poolStatsOf(app.db);
        if (!stats) return;
        this.set({ state: 'busy' }, stats.busy);
        this.set({ state: 'idle' }, stats.idle);
      }),
    });
    poolGauge('shop_db_pool_max', 'Database connections the pool may open.', (s) => s.max);
    poolGauge(
      'shop_db_pool_waiting',
      'Callers waiting for a database connection now.',
      (s) => s.waiting,
    );
    /** A total kept by the pool (db/client.ts), shown as the counter it is. */
    const poolTotal = (name: string, help: string, value: (s: PoolStats) => number | undefined) =>
      new Counter({
        name,
        help,
        registers,
        collect: logged('the pool', function (this: Counter) {
          const stats = poolStatsOf(app.db);
          const total = stats ? value(stats) : undefined;
          this.reset();
          if (total !== undefined) this.inc(total);
        }),
      });
    poolTotal(
      'shop_db_pool_waits_total',
      'Connections asked for while none was free and the pool was full.',
      (s) => s.waits,
    );
    // Only where they are measured (PostgreSQL's pool): PGlite's queue is its own.
    if (poolStatsOf(app.db)?.waitSeconds !== undefined) {
      poolTotal(
        'shop_db_pool_wait_seconds_total',
        'Time spent waiting for a database connection.',
        (s) => s.waitSeconds,
      );
      poolTotal(
        'shop_db_pool_timeouts_total',
        'Asks for a database connection that gave up (answered 503).',
        (s) => s.timeouts,
      );
    }

    // Health: 1 when it answers `select 1` (a PING) within 2 s, else 0. Across workers the
    // lowest: one worker that cannot reach it is a problem to see.
    new Gauge({
      name: 'shop_database_up',
      help: 'Whether the database answers (1) or not (0), as this process sees it.',
      aggregator: 'min',
      registers,
      collect: logged('the database health', async function (this: Gauge) {
        this.set((await answers(() => app.db.execute(sql`select 1`))) ? 1 : 0);
      }),
    });
    if (redis) {
      new Gauge({
        name: 'shop_redis_up',
        help: 'Whether Redis answers (1) or not (0), as this process sees it.',
        aggregator: 'min',
        registers,
        collect: logged('the Redis health', async function (this: Gauge) {
          this.set((await answers(() => redis.ping())) ? 1 : 0);
        }),
      });
    }

    const stopServing = serveWorkerPart(metrics.registry);
    app.addHook('onClose', async () => stopServing());

    if (!enabled) return;
    // For Prometheus, not part of the shop's API: left out of the OpenAPI document.
    app.get(
      '/metrics',
      { config: { shop: 'open' }, schema: { hide: true } },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
          return reply.code(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send();
        }
        try {
          const { text, contentType } = await metricsText(metrics.registry, (message) =>
            req.log.warn(message),
          );
          return reply.type(contentType).send(text);
        } catch (err) {
          if (!(err instanceof ClusterMetricsUnavailable)) throw err;
          // The scrape fails, as Prometheus expects of a target that cannot answer now (`up` 0),
          // and says why; the next scrape asks the primary again.
          req.log.warn({ err }, 'metrics: no answer from the cluster primary');
          return reply
            .code(503)
            .header('Retry-After', '5')
            .type('application/json; charset=utf-8')
            .send({ detail: `The cluster's metrics are unavailable: ${err.message}.` });
        }
      },
    );
  },
  { name: 'metrics', dependencies: ['database'] },
);
