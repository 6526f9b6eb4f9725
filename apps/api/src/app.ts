import { randomBytes, randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import { databasePlugin } from './plugins/database.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors.ts';
import { trackingWrites } from './lib/request-writes.ts';
import { cardDataPlugin } from './plugins/card-data.ts';
import { pricingPlugin } from './plugins/pricing.ts';
import type { AuthLimitOptions } from './lib/auth-limit-defaults.ts';
import { authLimitsPlugin } from './plugins/auth-limits.ts';
import {
  DEFAULT_REQUEST_RATE_LIMIT,
  fromNetwork,
  parseQuery,
  requestRateLimitPlugin,
  serverLimitOptions,
  type RequestRateLimit,
} from './plugins/limits.ts';
import type { Redis } from 'ioredis';
import {
  DEMO_BANK_ACCOUNT,
  paymentProviders,
  type BankAccount,
  paymentSigner,
  type PaymentKind,
  type PaymentProvider,
  type PaymentSigner,
} from './lib/payments.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import type { SessionStore } from './plugins/session-store.ts';
import { shopGuardPlugin } from './plugins/shop-guard.ts';
import { shopDataPlugin } from './plugins/shop-data.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { accountRoutes } from './routes/accounts.ts';
import { coreRoutes } from './routes/core.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { imageRoutes } from './routes/images.ts';
import { mediaRoutes } from './routes/media.ts';
import { organizationRoutes } from './routes/organizations.ts';
import { productRoutes } from './routes/products.ts';
import { attributeRoutes } from './routes/attributes.ts';
import { bundleRoutes } from './routes/bundles.ts';
import { personalViewPlugin } from './plugins/personal-view.ts';
import { cartRoutes } from './routes/cart.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { contentRoutes } from './routes/content.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { seoRoutes } from './routes/seo.ts';
import { testCardRoutes } from './routes/test-card.ts';
import { backgroundQueue, type Background } from './lib/background.ts';
import { orderLinks, type OrderLinks } from './lib/order-links.ts';
import { vendorRoutes } from './routes/vendors.ts';
import { wishlistRoutes } from './routes/wishlist.ts';
import { healthRoutes } from './routes/health.ts';
import { addressRoutes } from './routes/addresses.ts';
import { staffRoutes } from './routes/staff.ts';
import { staffCatalogueRoutes } from './routes/staff-catalogue.ts';
import { staffSettingsRoutes } from './routes/staff-settings.ts';
import { catalogueImportRoutes } from './routes/catalogue-import.ts';
import { staffPictureRoutes } from './routes/staff-pictures.ts';
import { sign } from '#api/lib/secret-key.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { metricsPlugin, type MetricsOptions } from './plugins/metrics.ts';
import { adoptSessionCart } from './repos/cart.ts';
import { catalogueIndexPlugin } from './plugins/catalogue-index.ts';

/** PAGE_CACHE_SECONDS' default, for an app built without the server's environment (tests). */
const DEFAULT_PAGE_CACHE_MS = 10_000;
export type AppOptions = {
  db: Database;
  sessionStore: SessionStore;
  mailer: Mailer;
  /** Cookies get `Secure` (always true behind an https PUBLIC_URL). */
  secureCookies?: boolean;
  /** Log settings for a logger of the app's own (tests); `loggerInstance` wins when given. */
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (lib/logger.ts createLogger): the server shares it with the pages. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * How long answers that are the same for every shopper (shop info, menus, filter facets) are
   * kept at most; tests use 0. A change to the shop data drops them sooner (`changeCheckMs`).
   */
  catalogueCacheMs?: number;
  /** How often cached shop-wide answers check whether the shop data changed (plugins/shop-data.ts). */
  changeCheckMs?: number;
  /**
   * How long the storefront serves a kept page again at most (PAGE_CACHE_SECONDS; 10 s when not
   * given). No change count follows the stock, so the product cards' cached part is kept no
   * longer than this either (docs/decisions/0038-change-counts-at-commit.md).
   */
  pageCacheMs?: number;
  /** Serves `/media/*` from this directory, resizing images on request (routes/images.ts). */
  mediaDir?: string;
  /** Signs payment links and confirmations (env.ts appOptionsOf); one made now when not given. */
  paymentSecret?: string;
  /** The account bank-transfer orders are asked to pay to (SHOP_BANK_*); the demo one by default. */
  bankAccount?: BankAccount;
  /** Serves the OpenAPI document at /api/docs/ (API_DOCS: the server says; on when not given). */
  apiDocs?: boolean;
  /** Signs CSRF tokens and known-device cookies (SECRET_KEY); one made now when not given. */
  secretKey?: string;
  /** The clock of expiring links; tests move it on instead of waiting. */
  now?: () => Date;
  /** Shares rate-limit counts between processes (the server passes its REDIS_URL client). */
  redis?: Redis;
  /** Tries allowed on login, sign-up and mail-sending calls (plugins/auth-limits.ts). */
  authLimits?: AuthLimitOptions;
  /**
   * The origin of every absolute URL the API writes (paging links, sitemap, mail links): the
   * server passes PUBLIC_URL or its own address, never a request header (decision 0021).
   */
  publicOrigin?: string;
  /** Whose X-Forwarded-* headers count (TRUST_PROXY); nobody's unless configured. */
  trustProxy?: boolean | number | string[];
  /** Requests per address and window (plugins/limits.ts); `max: 0` turns it off. */
  requestRateLimit?: RequestRateLimit;
  /**
   * The in-process catalogue index answers the filter panel and the list's counts (CATALOGUE_INDEX,
   * decision 0085); off when not given (tests of the SQL path). `refreshMs`: the least time
   * between two loads after catalogue changes; `sqlWhileStaleBelowMs`: while stale, SQL answers
   * if the last load took less (lib/catalogue-index.ts).
   */
  catalogueIndex?: { enabled: boolean; refreshMs?: number; sqlWhileStaleBelowMs?: number };
  /** `/metrics` (METRICS_TOKEN, decision 0061); served without a token when not given (tests). */
  metrics?: Omit<MetricsOptions, 'redis'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    catalogueCacheMs: number;
    /** The time, as the app's clock says (tests pass their own). */
    now(): Date;
    /** The configured payment providers by kind, and the signer of their links and confirmations. */
    payments: { providers: Map<PaymentKind, PaymentProvider>; signer: PaymentSigner };
    /** The shop's public origin, e.g. `https://shop.example` (AppOptions.publicOrigin). */
    publicOrigin: string;
    /** Work done after the answer (account mails): lib/background.ts. */
    background: Background;
    /** Signed links to an order page, as the order mail carries them (decision 0050). */
    orderLinks: OrderLinks;
  }
}

/**
 * One line per request, once answered (not an "incoming request" line too): at info for a
 * request from the network (a page, an API call, a picture), at debug for the storefront's
 * in-process API calls. Those carry their page's request id (apps/server), so LOG_LEVEL=debug
 * shows a page with the calls it made, and a terminal at info shows the page once (decision 0047).
 */
class RequestLines extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const details = {
      method: req.method,
      url: req.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...details, err: error }, 'request errored');
    else if (fromNetwork(req)) reply.log.info(details, 'request completed');
    else reply.log.debug(details, 'in-process call completed');
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count is a function of the hop (as proxy-addr does). */
function trustProxyOption(
  value: AppOptions['trustProxy'] = false,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Wires the API; listening and shutdown belong to the server (apps/server). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    logController: new RequestLines(),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: trustProxyOption(options.trustProxy),
    // Body and header sizes, slow clients, prototype keys in JSON: plugins/limits.ts.
    ...serverLimitOptions(),
    // Refusals made before a route runs answer like the others, in the path's language.
    frameworkErrors,
    clientErrorHandler,
    routerOptions: {
      ignoreTrailingSlash: false,
      maxParamLength: 200,
      querystringParser: parseQuery,
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Each request's record of whether it may have written (lib/request-writes.ts), around all of
  // its handling: a busy refusal says "nothing was done" only when that is so (decision 0088).
  app.addHook('onRequest', (_req, _reply, done) => trackingWrites(done));

  // Every answer of text (JSON, pages, SVG, CSS…) leaves compressed, brotli or gzip as the
  // client accepts (Vary: Accept-Encoding), from this hook on: it must come before any route
  // (issue 12). Each written chunk is flushed so a streamed page still arrives as it renders.
  // Built assets are compressed once at build time instead (apps/server, preCompressed).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: {
      flush: zlib.BROTLI_OPERATION_FLUSH,
      params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    },
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // A blank query parameter (`?price__gte=&page=`, as an empty form field sends it) means absent.
  app.addHook('preValidation', async (req) => {
    const query = req.query as Record<string, unknown> | undefined;
    if (!query || typeof query !== 'object') return;
    for (const [key, value] of Object.entries(query)) {
      if (typeof value === 'string' && value.trim() === '') delete query[key];
    }
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Multivendor shop API',
        description:
          'The API the storefront calls, at `{host}/{locale}/api/…` for locale de, en, it or ru. ' +
          'Writes need the `X-CSRFToken` header equal to the `csrftoken` cookie (GET /{locale}/api/accounts/login/ sets it). ' +
          'Errors answer `{detail}` or field errors `{field: [messages]}`; 434 means the shop is closed to the caller.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The page and its JSON: only where API_DOCS (or the default: not in production) says so.
  if (options.apiDocs ?? true) {
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  await app.register(cookie);
  await app.register(databasePlugin, { db: options.db });
  await app.register(metricsPlugin, {
    ...options.metrics,
    ...(options.redis ? { redis: options.redis } : {}),
  });
  app.decorate('mailer', options.mailer);
  app.decorate('background', backgroundQueue(app.log));
  // Mails queued by the last requests still go out before the app closes.
  app.addHook('onClose', async () => app.background.idle());
  app.decorate('catalogueCacheMs', options.catalogueCacheMs ?? 60_000);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate('publicOrigin', new URL(options.publicOrigin ?? 'http://localhost').origin);
  // An https public origin means every cookie is Secure, whatever the request looked like.
  const secureCookies = options.secureCookies ?? app.publicOrigin.startsWith('https://');
  // Not given (tests): keys made now; the server hands on the environment's (env.ts appOptionsOf).
  const secretKey = options.secretKey ?? randomBytes(32).toString('base64url');
  app.decorate('orderLinks', orderLinks(secretKey));
  const signer = paymentSigner(options.paymentSecret ?? randomBytes(32).toString('base64url'));
  app.decorate('payments', {
    providers: paymentProviders(options.bankAccount ?? DEMO_BANK_ACCOUNT, signer),
    signer,
  });
  await app.register(sessionsPlugin, {
    store: options.sessionStore,
    secureCookies,
    // A new session gets its own CSRF token, a logout a fresh one (decision 0006).
    onChange: (req, reply, sessionId) => app.issueCsrfToken(req, reply, sessionId),
    now: () => app.now().getTime(),
    onRecover: (from, to) => adoptSessionCart(app.db, from, to),
  });
  await app.register(csrfPlugin, { secureCookies, secretKey });
  await app.register(shopDataPlugin, {
    ...(options.changeCheckMs !== undefined ? { changeCheckMs: options.changeCheckMs } : {}),
  });
  await app.register(catalogueIndexPlugin, options.catalogueIndex ?? { enabled: false });
  await app.register(shopGuardPlugin);
  await app.register(i18nPlugin);
  await app.register(pricingPlugin);
  await app.register(cardDataPlugin, {
    ttlMs: Math.min(app.catalogueCacheMs, options.pageCacheMs ?? DEFAULT_PAGE_CACHE_MS),
  });
  // A page's personal view for the kept template's filling (decision 0067).
  await app.register(personalViewPlugin);
  await app.register(securityHeadersPlugin, { publicOrigin: app.publicOrigin });
  await app.register(authLimitsPlugin, {
    secretKey,
    secureCookies,
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.authLimits ? { limits: options.authLimits } : {}),
  });
  await app.register(requestRateLimitPlugin, {
    limit: options.requestRateLimit ?? DEFAULT_REQUEST_RATE_LIMIT,
  });

  await app.register(
    async (api) => {
      await api.register(organizationRoutes);
      await api.register(coreRoutes);
      await api.register(accountRoutes);
      await api.register(newsletterRoutes, { key: sign(secretKey, 'newsletter') });
      await api.register(addressRoutes);
      await api.register(productRoutes);
      await api.register(attributeRoutes);
      await api.register(bundleRoutes);
      await api.register(cartRoutes);
      await api.register(checkoutRoutes);
      await api.register(staffRoutes);
      await api.register(staffCatalogueRoutes);
      await api.register(staffSettingsRoutes);
      await api.register(catalogueImportRoutes);
      await api.register(staffPictureRoutes);
      await api.register(contentRoutes);
      await api.register(reviewRoutes);
      await api.register(vendorRoutes);
      await api.register(wishlistRoutes);
      await api.register(feedbackRoutes);
      // Unknown paths under a locale's API answer JSON, never the storefront's HTML.
      api.all('/*', { config: { shop: 'open' } }, async (req, reply) =>
        reply.code(404).send({ detail: req.t('errors.request.notFound') }),
      );
    },
    { prefix: '/:locale/api' },
  );
  await app.register(mediaRoutes);
  // `/media/langs/{locale}.json` stays with mediaRoutes: the router prefers it over the wildcard.
  if (options.mediaDir) await app.register(imageRoutes, { mediaDir: options.mediaDir });
  await app.register(seoRoutes);
  await app.register(healthRoutes, options.redis ? { redis: options.redis } : {});
  await app.register(testCardRoutes);

  return app;
}
