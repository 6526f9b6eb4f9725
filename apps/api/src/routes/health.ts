import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** How long the readiness probe waits for the database (and Redis) before saying "not ready". */
const READY_TIMEOUT_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * From now on `/health/ready` answers 503 `stopping`: the server calls it on SIGTERM, before
     * it drains, so a balancer stops sending while the requests in flight finish.
     */
    markStopping(): void;
  }
}

export type HealthOptions = {
  /** The shop's Redis (REDIS_URL): sessions live there, so it is part of being ready. */
  redis?: { ping(): Promise<unknown> };
};

/** Resolves when `probe` does within READY_TIMEOUT_MS; rejects otherwise. */
async function within(probe: () => Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), READY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a process manager or load balancer (not part of the shop's contract): `live` says
 * the process answers; `ready` that it can serve the shop: the database answers, Redis too when
 * the shop uses it, and the process is not shutting down. Both are never cached and open while
 * the shop is closed.
 *
 * Redis away is "not ready" (503), not "degraded" (decision 0040): sessions live there, so this
 * process would log every shopper out and refuse every cart and order while another process whose
 * Redis answers could sell; a balancer sends them there.
 */
export const healthRoutes = fp<HealthOptions>(
  async (app, { redis }) => {
    let stopping = false;
    let closing = false;
    app.decorate('markStopping', () => {
      stopping = true;
    });
    app.addHook('preClose', async () => {
      stopping = true;
      closing = true;
    });
    // Closing waits for every connection: a keep-alive connection whose request finished while
    // closing would hold the shutdown until its idle timeout, so it is closed once idle. Only
    // for an app closed without a drain first, as tests do: the server's drain gives an idle
    // connection a moment to bring its request (apps/server/src/drain.ts), which this would cut.
    app.addHook('onResponse', async () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
    const noStore = { 'Cache-Control': 'no-store' };
    // For a balancer or process manager, not part of the shop's API: left out of the OpenAPI
    // document.
    const probe = { config: { shop: 'open' }, schema: { hide: true } } as const;

    app.get('/health/live', probe, async (_req, reply) =>
      reply.headers(noStore).send({ status: 'ok' }),
    );

    app.get('/health/ready', probe, async (req, reply) => {
      reply.headers(noStore);
      if (stopping) return reply.code(503).send({ status: 'stopping' });
      const [database, sessions] = await Promise.allSettled([
        within(() => app.db.execute(sql`select 1`)),
        redis ? within(() => redis.ping()) : Promise.resolve(),
      ]);
      if (database.status === 'rejected') {
        req.log.warn({ err: database.reason }, 'not ready: the database does not answer');
        return reply.code(503).send({ status: 'database unavailable' });
      }
      if (sessions.status === 'rejected') {
        req.log.warn({ err: sessions.reason }, 'not ready: Redis does not answer');
        return reply.code(503).send({ status: 'redis unavailable' });
      }
      return reply.send({ status: 'ready' });
    });
  },
  // Not encapsulated: the shutdown hooks above apply to every route of the app.
  { name: 'health' },
);
