import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ServerBuild } from 'react-router';
import { buildApp } from '@shop/api/app';
import { fromNetwork } from '@shop/api/limits';
import { openDatabase, STOPPING_POOL_WAIT_MS } from '@shop/api/db';
import {
  appOptionsOf,
  loggerOptionsOf,
  postgresOptionsOf,
  publicOriginOf,
  type Env,
} from '@shop/api/env';
import { createLogger } from '@shop/api/logger';
import { createMailer } from '@shop/api/mail';
import { importMediaDir } from '@shop/api/media';
import { databaseSessionStore, redisSessionStore } from '@shop/api/session-store';
import { seedDemoShop } from '@shop/api/seed';
import { createRedis } from '@shop/api/redis';
import { staticPagePolicy } from '@shop/api/security-headers';
import { connectionDrainer, DRAIN_GRACE_MS } from './drain.ts';
import { DEFAULT_PAGE_CACHE, mountStorefront } from './storefront.ts';

export const storefrontDir = fileURLToPath(new URL('../../storefront/build/', import.meta.url));

export { DRAIN_GRACE_MS };

/** One process, one origin: API under /{locale}/api and /media, built assets, then the storefront. */
export async function startServer(env: Env, { tty = false }: { tty?: boolean } = {}) {
  // The one logger of the process: requests, pages, mail and the pool (decision 0047).
  const logger = createLogger(loggerOptionsOf(env, { tty }));
  const dataDir = resolve(env.DATA_DIR);
  const mediaDir = join(dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });

  const postgres = postgresOptionsOf(env);
  const handle = postgres
    ? await openDatabase({ ...postgres, logger })
    : await openDatabase({ dataDir: join(dataDir, 'pglite') });
  // Several processes starting at once (cluster workers, machines) migrate and seed once: the
  // first under the start lock, the others after it, finding nothing left to do (decision 0060).
  await handle.whileStarting(async () => {
    await handle.migrate();
    if (env.SEED === 'auto') {
      const { seeded } = await seedDemoShop(handle.db, { mediaDir, log: (m) => logger.info(m) });
      if (seeded) logger.info('first start: demo shop created');
    }
    // Originals on this disk (the seed's, or a shop's from before) into the database, where every
    // process serves them (decision 0057); under the start lock, so workers never copy at once.
    const imported = await importMediaDir(handle.db, mediaDir);
    if (imported) logger.info(`media: ${imported} originals copied into the database`);
  });

  const redis = env.REDIS_URL ? createRedis(env.REDIS_URL) : null;
  if (redis) await redis.connect();

  const mailer = createMailer({
    dataDir,
    from: env.MAIL_FROM,
    logger: logger.child({ component: 'mail' }),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
  });
  const clientDir = join(storefrontDir, 'client');
  // The build's own files (scripts, styles, fonts, icons): every page pulls dozens of them, so
  // counting them would leave a shopper's next pages (and the 429 screen itself) unstyled.
  const builtNames = new Set(await readdir(clientDir).catch(() => []));
  const builtFile = (url: string) => builtNames.has(url.split(/[/?#]/)[1] ?? '');
  const options = appOptionsOf(env);
  const app = await buildApp({
    // Secrets, the bank account, API_DOCS and PAGE_CACHE_SECONDS, read once (env.ts).
    ...options,
    db: handle.db,
    sessionStore: redis ? redisSessionStore(redis) : databaseSessionStore(handle.db),
    ...(redis ? { redis } : {}),
    mailer,
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    publicOrigin: publicOriginOf(env),
    trustProxy: env.TRUST_PROXY,
    loggerInstance: logger,
    // The API serves /media/* itself: originals, and resized variants cached in media/.cache/.
    mediaDir,
    // Counted per address over the network: pages, API calls and media; the storefront's own
    // in-process API calls are part of the page request that made them, and the build's static
    // files are not requests a client could make expensive. Nor are the health probes: a
    // balancer's probe refused 429 (or 503 while Redis, which keeps the counts, is away) would
    // take a working process out, or have a process manager restart a live one.
    requestRateLimit: {
      max: env.RATE_LIMIT_PER_MINUTE,
      windowMs: 60_000,
      exempt: (req) => !fromNetwork(req) || builtFile(req.url) || req.url.startsWith('/health/'),
    },
  });

  const pagePolicies = await staticPagePolicies(clientDir);
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    // The build's .br and .gz (apps/storefront/scripts/precompress.ts), by Accept-Encoding, with
    // Vary: Accept-Encoding; the compress hook leaves an already encoded answer alone.
    preCompressed: true,
    // Built asset names carry a content hash: cache them for a year.
    setHeaders: (res, path) => {
      if (path.includes(`${join(clientDir, 'assets')}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
      // A static page (the offline page) may run only its own inline code: see staticPagePolicy.
      const policy = pagePolicies.get(path.replace(/\.(br|gz)$/, ''));
      if (policy) res.header('Content-Security-Policy', policy);
    },
  });
  const build = (await import(
    pathToFileURL(join(storefrontDir, 'server', 'index.js')).href
  )) as ServerBuild;
  await mountStorefront(app, build, {
    publicOrigin: app.publicOrigin,
    pinned: env.PUBLIC_URL !== undefined,
    cache: { ...DEFAULT_PAGE_CACHE, ttlMs: options.pageCacheMs },
  });

  // From before the server listens: every connection is known when a shutdown drains them.
  const drainer = connectionDrainer(
    app.server,
    env.DRAIN_IDLE_MS === undefined ? {} : { idleMs: env.DRAIN_IDLE_MS },
  );
  /**
   * SIGTERM: not ready at once, no new connection, every request in flight answered (a page with
   * its in-process API calls), then the app, the mailer, the pool and Redis closed (decision 0040).
   */
  const shutdown = async () => {
    app.log.info('shutting down: finishing the requests in flight');
    app.markStopping();
    // Requests queued for a connection of a full pool wait no longer than STOPPING_POOL_WAIT_MS,
    // and lock waits no longer than any statement, so each is answered within the drain (its
    // result, or 503 "busy" a client sends again elsewhere) rather than cut at its end (0088).
    handle.stopping(STOPPING_POOL_WAIT_MS);
    if (!(await drainer.drain(DRAIN_GRACE_MS))) {
      app.log.warn(`shutting down: requests still running after ${DRAIN_GRACE_MS} ms were cut`);
    }
    // Only now: a page still rendering calls the API in-process (app.inject), which a closed
    // app refuses.
    await app.close();
    await mailer.close();
    await handle.close();
    redis?.disconnect();
  };
  return { app, shutdown };
}

/** The CSP of each static HTML file of the build (the offline page), by its path on disk. */
async function staticPagePolicies(clientDir: string): Promise<Map<string, string>> {
  const policies = new Map<string, string>();
  for (const name of await readdir(clientDir)) {
    if (!name.endsWith('.html')) continue;
    const path = join(clientDir, name);
    policies.set(path, staticPagePolicy(await readFile(path, 'utf8')));
  }
  return policies;
}
