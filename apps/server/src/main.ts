import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { limitStoreWarning, loadEnvOrExit, loggerOptionsOf, workerCountOf } from '@shop/api/env';
import { DRAIN_GRACE_MS } from './drain.ts';

// Read before NODE_ENV gets its default below: the NODE_ENV the operator gave (none, for
// `npm start` at a terminal) decides with the terminal how the log is written (env.ts).
const env = loadEnvOrExit();
const workers = workerCountOf(env);

/** After the drain's grace, closing the pool, Redis and the mailer has this long, then exit. */
const CLOSE_LIMIT_MS = 5_000;

/** The whole shop in this process: one worker of a cluster, or the only process. */
async function runShop() {
  // React (pulled in by react-router) picks its build from NODE_ENV when first imported, so it
  // is set before the server module loads; a mismatch between two React builds breaks rendering.
  process.env.NODE_ENV ??= 'production';
  const { startServer, storefrontDir } = await import('./server.ts');
  if (!existsSync(join(storefrontDir, 'server', 'index.js'))) {
    console.error('The storefront is not built: run `npm run build` (npm start does it for you).');
    process.exit(1);
  }
  const { app, shutdown } = await startServer(env, { tty: process.stdout.isTTY === true });
  await app.listen({ port: env.PORT, host: env.HOST });
  // Said once per shop: by the only process here, or by the cluster's primary for its workers.
  const limits = cluster.isPrimary ? limitStoreWarning(env, 1) : null;
  if (limits) app.log.warn(limits);
  stopOnSignal(shutdown, app.log);
}

/**
 * WEB_CONCURRENCY above 1: this process only supervises the workers (cluster.ts) and never loads
 * the shop. Every worker gets one SECRET_KEY, else each would refuse the others' CSRF tokens and
 * signed links (decision 0060).
 */
async function superviseWorkers() {
  const { createLogger } = await import('@shop/api/logger');
  const { supervise } = await import('./cluster.ts');
  // `/metrics` answered by any worker sums them all (decision 0061): the primary gathers them.
  const { startMetricsPrimary } = await import('@shop/api/metrics');
  startMetricsPrimary();
  const log = createLogger(loggerOptionsOf(env, { tty: process.stdout.isTTY === true }));
  const limits = limitStoreWarning(env, workers);
  if (limits) log.warn(limits);
  supervise({
    workers,
    exec: fileURLToPath(import.meta.url),
    env: { SECRET_KEY: env.SECRET_KEY ?? randomBytes(32).toString('base64url') },
    log,
    // A worker's own limit (stopOnSignal), and a second to report its exit.
    stopLimitMs: DRAIN_GRACE_MS + CLOSE_LIMIT_MS + 1_000,
    nodeOptions: env.NODE_OPTIONS,
  });
}

/**
 * SIGTERM or SIGINT stops the shop gracefully once (server.ts `shutdown`, bounded by its drain's
 * grace and CLOSE_LIMIT_MS). `npm start` forwards the signal to this process even when it got it
 * already (a terminal's Ctrl-C, a kill of the process group), and a cluster's primary hands on
 * the one its workers may have got already: a copy within a second is ignored; a later second
 * signal exits at once. (close-with-grace exits at any second signal, which `npm start` would
 * turn into an exit without draining: decision 0040.)
 */
function stopOnSignal(shutdown: () => Promise<void>, log: FastifyBaseLogger) {
  let firstAt: number | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== null) {
      if (Date.now() - firstAt < 1000) return;
      log.error({ signal }, 'signal again: exiting without waiting for the requests in flight');
      process.exit(1);
    }
    firstAt = Date.now();
    setTimeout(() => {
      log.error({}, 'shutdown took too long: exiting');
      process.exit(1);
    }, DRAIN_GRACE_MS + CLOSE_LIMIT_MS).unref();
    shutdown().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, onSignal);
}

(cluster.isPrimary && workers > 1 ? superviseWorkers() : runShop()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
