import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { localeOfUrl, pageRefusal } from '@shop/api/errors';
import { translatorFor } from '@shop/api/i18n';
import { newCsrfToken } from '@shop/contract';
import { hostVerdict } from './host-rule.ts';
import {
  fill,
  keptToken,
  pageCache,
  pageCacheKey,
  templateOf,
  type PageCache,
} from './page-cache.ts';

/** What the storefront's server entry exports besides the renderer (see entry.server.tsx). */
type StorefrontEntry = {
  createLoadContext(
    transport: { fetch: typeof fetch; host: string },
    request: { nonce: string },
  ): unknown;
};

/**
 * The largest page form post read, in bytes: the storefront's forms are a few fields (no uploads),
 * so anything bigger is refused with 413 before it is read, not after its CSRF check.
 */
export const STOREFRONT_BODY_LIMIT = 1024 * 1024;

/** An in-process fetch for the storefront's loaders: API calls become Fastify `inject`s. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    // The shopper's address, as this server decided it (toWebRequest: req.ip, which follows
    // TRUST_PROXY), becomes the injected request's own address: the API's per-address limits
    // count shoppers without the API having to trust a forwarded header from anyone.
    const shopper = headers['x-forwarded-for']?.split(',')[0]?.trim();
    delete headers['x-forwarded-for'];
    // In-process answers are read as they are: compressing them would only cost time.
    delete headers['accept-encoding'];
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(shopper ? { remoteAddress: shopper } : {}),
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)])
        responseHeaders.append(key, v);
    }
    const status = res.statusCode;
    const empty = status === 204 || status === 304 || request.method === 'HEAD';
    return new Response(empty ? null : res.rawPayload, { status, headers: responseHeaders });
  };
}

/**
 * The page's URL on the shop's configured origin (decision 0021): its Host and X-Forwarded-Host
 * never reach canonical links or redirects. The scheme is https when the origin is, or when the
 * request came over https (a TLS socket, or a proxy TRUST_PROXY trusts), for `Secure` cookies.
 */
export function pageUrl(req: FastifyRequest, publicOrigin: string): URL {
  const url = new URL(`${publicOrigin}${req.url.startsWith('/') ? req.url : '/'}`);
  if (req.protocol === 'https') url.protocol = 'https:';
  return url;
}

/**
 * The request header that tells the storefront this server refused the page before it ran (a
 * method pages do not take: 405; the per-address limit: 429; a post past the body limit: 413):
 * `<status> <message, percent-encoded>`. The root middleware shows it on the shop's error screen.
 */
export const REFUSAL_HEADER = 'x-shop-refusal';

/** A page refused before it ran: the status and the message the error screen shows. */
export type PageRefusal = { status: number; detail: string };

export const refusalHeaderValue = ({ status, detail }: PageRefusal) =>
  `${status} ${encodeURIComponent(detail)}`;

function toWebRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
  /** The page is rendered as for a GET, marked with the refusal (nothing of it runs). */
  refusal?: PageRefusal,
): Request {
  const url = pageUrl(req, publicOrigin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    // Only this server sets the marker. The Origin was checked by the host rule (host-rule.ts);
    // React Router would compare it with the page URL, which is on the configured origin and so
    // refuses every form of a shop reached under another name while PUBLIC_URL is unset.
    if (value === undefined || key === REFUSAL_HEADER || key === 'origin') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  // The API's per-address limits (logins, the contact form) count the shopper, not the
  // storefront that calls the API in-process: the loaders pass this on (lib/api.server.ts).
  headers.set('x-forwarded-for', req.ip);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  if (refusal) headers.set(REFUSAL_HEADER, refusalHeaderValue(refusal));
  // HEAD is a GET whose body is not sent (mountStorefront drops it); React Router would treat
  // a HEAD as a data request. A refused request is rendered as a GET too (its error screen).
  const method = req.method === 'HEAD' || refusal ? 'GET' : req.method;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && Buffer.isBuffer(req.body)) {
    init.body = req.body;
  }
  return new Request(url, init);
}

/** Says whether a page came from the page cache (`hit`) or was rendered and kept (`miss`). */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/** Ten seconds bounds what no write announces (a discount starting); 64 MB of pages at most. */
export const DEFAULT_PAGE_CACHE = { ttlMs: 10_000, maxBytes: 64 * 1024 * 1024 };

const PAGE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);

/** Statuses whose page answer carries the API's Retry-After (the shop is briefly away, or busy). */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Every path the API and the static files do not answer goes to React Router. Registered in its
 * own context so that form posts keep their raw bytes (read up to STOREFRONT_BODY_LIMIT, not
 * parsed). Each page gets the response's CSP nonce (plugins/security-headers.ts). A request
 * refused before the page ran (405, the per-address limit's 429, a post past the body limit:
 * 413) gets the shop's error screen in the path's language, never the API's JSON.
 */
export async function mountStorefront(
  app: FastifyInstance,
  build: ServerBuild,
  {
    publicOrigin,
    pinned = false,
    cache: cacheOptions = DEFAULT_PAGE_CACHE,
  }: {
    publicOrigin: string;
    /**
     * Whether PUBLIC_URL set the origin: pages are then served under its host only (a read under
     * another name is redirected there). Unset, the shop answers under any name (host-rule.ts).
     */
    pinned?: boolean;
    /** The page cache (page-cache.ts); `ttlMs: 0` turns it off. */
    cache?: { ttlMs: number; maxBytes: number };
  },
): Promise<{ cache: PageCache | null }> {
  const handler = createRequestHandler(build, 'production');
  const entry = build.entry.module as unknown as StorefrontEntry;
  const apiFetch = injectFetch(app);
  const host = 'http://storefront.internal';
  const cache =
    cacheOptions.ttlMs > 0
      ? pageCache({ ...cacheOptions, version: () => app.pageDataVersion() })
      : null;

  /** A kept page, with this answer's nonce and the visitor's CSRF token (or a new one). */
  const sendKept = (req: FastifyRequest, reply: FastifyReply, kept: Parameters<typeof fill>[0]) => {
    const page = fill(kept, {
      nonce: req.cspNonce,
      token: keptToken(req.headers.cookie) ?? newCsrfToken(),
    });
    reply.code(page.status);
    for (const [key, value] of page.headers) reply.header(key, value);
    if (page.setCookies.length) reply.header('set-cookie', page.setCookies);
    reply.header(PAGE_CACHE_HEADER, 'hit');
    return reply.send(req.method === 'HEAD' ? undefined : page.body);
  };

  const render = async (req: FastifyRequest, reply: FastifyReply, refusal?: PageRefusal) => {
    const key =
      cache && !refusal
        ? pageCacheKey({
            method: req.method,
            url: req.url,
            protocol: req.protocol,
            cookie: req.headers.cookie,
            authorization: req.headers.authorization,
          })
        : null;
    const kept = key ? await cache?.get(key) : undefined;
    if (kept) return sendKept(req, reply, kept);
    // Read before rendering: a change made meanwhile leaves the kept page stale, not current.
    const version = key && cache ? await cache.version() : undefined;
    // The API's Retry-After (PostgreSQL or Redis away: 503; a limit: 429) goes on to the page.
    let retryAfter: string | null = null;
    const transport = {
      host,
      fetch: (async (input, init) => {
        const res = await apiFetch(input, init);
        if (RETRY_STATUSES.has(res.status)) retryAfter = res.headers.get('retry-after');
        return res;
      }) satisfies typeof fetch,
    };
    const response = await handler(
      toWebRequest(req, reply, publicOrigin, refusal),
      entry.createLoadContext(transport, { nonce: req.cspNonce }) as Parameters<typeof handler>[1],
    );
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    if (RETRY_STATUSES.has(response.status) && retryAfter && !reply.hasHeader('retry-after')) {
      reply.header('Retry-After', retryAfter);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (req.method === 'HEAD') {
      // The same status and headers as GET, without rendering the rest of the body.
      await response.body?.cancel();
      return reply.send();
    }
    if (key && cache && version !== undefined && req.method === 'GET' && response.status === 200) {
      // A page every visitor without a session would get: read it whole and keep it.
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers.push([name, value]);
      });
      const body = await response.text();
      const template = templateOf(
        { status: response.status, headers, setCookies: cookies, body, nonce: req.cspNonce },
        keptToken(req.headers.cookie),
      );
      if (template) {
        cache.set(key, template, version);
        reply.header(PAGE_CACHE_HEADER, 'miss');
      }
      return reply.send(body);
    }
    return reply.send(response.body ? Readable.fromWeb(response.body) : null);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: STOREFRONT_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    // Refusals before the page ran (onRequest hooks, the body parser) become its error screen;
    // anything else goes on to the API's error handler.
    scope.setErrorHandler(async (error: FastifyError, req, reply) => {
      const refusal = pageRefusal(error, req.url);
      if (!refusal) throw error;
      return render(req, reply, refusal);
    });
    scope.all('/*', async (req, reply) => {
      const verdict = hostVerdict(
        { publicOrigin, pinned },
        { method: req.method, url: req.url, host: req.host, origin: req.headers.origin },
      );
      if (verdict.kind === 'redirect') return reply.redirect(verdict.location, 308);
      if (verdict.kind === 'refuse') {
        return render(req, reply, {
          status: 403,
          detail: translatorFor(localeOfUrl(req.url))('errors.otherOrigin', {
            address: verdict.shopAddress,
          }),
        });
      }
      // Pages are read (GET, HEAD) and their forms posted (POST); nothing else reaches an action.
      // Anything else is answered 405 with the shop's error screen: the page is rendered as for
      // a GET, and the root middleware turns the marker into the 405 (no action ever runs).
      if (PAGE_METHODS.has(req.method)) return render(req, reply);
      reply.header('Allow', [...PAGE_METHODS].join(', '));
      return render(req, reply, {
        status: 405,
        detail: translatorFor(localeOfUrl(req.url))('errors.methodNotAllowed'),
      });
    });
  });
  return { cache };
}
