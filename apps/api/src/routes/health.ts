import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';

/** How long the readiness probe waits for the database before saying "not ready". */
const READY_TIMEOUT_MS = 2000;

/**
 * Probes for a process manager or load balancer (not part of the shop's contract): `live` says
 * the process answers; `ready` that it can serve the shop: the database answers and the process
 * is not shutting down. Both are never cached and open while the shop is closed.
 */
export const healthRoutes = fp<Record<never, never>>(
  async (app) => {
    let stopping = false;
    app.addHook('preClose', async () => {
      stopping = true;
    });
    // Closing waits for every connection: a keep-alive connection whose request finished while
    // closing would hold the shutdown until its idle timeout, so it is closed once idle.
    app.addHook('onResponse', async () => {
      if (stopping) setImmediate(() => app.server.closeIdleConnections());
    });
    const noStore = { 'Cache-Control': 'no-store' };

    app.get('/health/live', { config: { shop: 'open' } }, async (_req, reply) =>
      reply.headers(noStore).send({ status: 'ok' }),
    );

    app.get('/health/ready', { config: { shop: 'open' } }, async (req, reply) => {
      reply.headers(noStore);
      if (stopping) return reply.code(503).send({ status: 'stopping' });
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          app.db.execute(sql`select 1`),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('database ping timed out')),
              READY_TIMEOUT_MS,
            );
          }),
        ]);
        return reply.send({ status: 'ready' });
      } catch (error) {
        req.log.warn({ err: error }, 'not ready: the database does not answer');
        return reply.code(503).send({ status: 'database unavailable' });
      } finally {
        clearTimeout(timer);
      }
    });
  },
  // Not encapsulated: the shutdown hooks below apply to every route of the app.
  { name: 'health' },
);
