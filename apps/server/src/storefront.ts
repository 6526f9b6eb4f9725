import { Readable } from 'node:stream';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { CacheSource } from '@shop/api/cache';
import { isDatabaseUnavailable, isPoolBusy, localeOfUrl, pageRefusal } from '@shop/api/errors';
import { translatorFor } from '@shop/api/i18n';
import { mayHaveWritten } from '@shop/api/request-writes';
import { pageTiming, serverTimingHeader, timed } from '@shop/api/timing';
import { MAX_PICTURE_BYTES, newCsrfToken, type UserInfo } from '@shop/contract';
import { hostVerdict } from './host-rule.ts';
import { pagePatterns } from './page-routes.ts';
import {
  fill,
  keptToken,
  pageCache,
  keepableToken,
  pageCacheKey,
  templateOf,
  templateRequest,
  keptDataRequest,
  type PageCache,
  type Secrets,
  type Template,
  type TemplateRequest,
} from './page-cache.ts';

/** What the storefront's server entry exports besides the renderer (see entry.server.tsx). */
type StorefrontEntry = {
  createLoadContext(
    transport: { fetch: typeof fetch; host: string },
    request: { nonce: string; renderTimer?: { start(): () => void }; template?: boolean },
  ): unknown;
  /**
   * A kept template's page for one personal view (lib/personal-fill.server.ts), or null when it
   * cannot be (the page is then rendered for its request).
   */
  fillPersonalPage?: (html: string, view: unknown, locale: string, nonce: string) => string | null;
  /** A kept template parsed and encoded once for `personalPagePieces` (its secrets as the marks). */
  compilePersonalPage?: (html: string) => unknown;
  /**
   * The page of a compiled template for one view as bytes, the answer's secrets by name, or null;
   * `merge`: adjacent bytes joined (a page kept and answered many times).
   */
  personalPagePieces?: (
    template: unknown,
    view: unknown,
    locale: string,
    merge: boolean,
  ) => PagePiece[] | null;
  NONCE_MARK?: string;
  TOKEN_MARK?: string;
  /** The personal view of a user and their badges (null, null: a visitor's). */
  personalViewOf?: (user: PersonalUser | null, badges: unknown) => unknown;
  /** Runs a page's handling with the request's logger (its lib/logger.server.ts). */
  withPageLogger?<T>(logger: FastifyBaseLogger, work: () => T): T;
};

/** A filled page's bytes, with an answer's secrets still to put in by name. */
type PagePiece = Uint8Array | 'nonce' | 'token';

/** A page's pieces with this answer's secrets: one buffer, its bytes copied once. */
function pageBytes(pieces: readonly PagePiece[], { nonce, token }: Secrets): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const tokenBytes = Buffer.from(token);
  const parts = pieces.map((piece) =>
    piece === 'nonce' ? nonceBytes : piece === 'token' ? tokenBytes : piece,
  );
  return Buffer.concat(parts);
}

/** What decides whether a user's page may be a filled template (the API's `user_info`). */
type PersonalUser = Pick<UserInfo, 'isStaff' | 'noCache' | 'personalPrices'>;

/**
 * The pages kept as templates with personal holes (decision 0067): the product list, with any
 * query. Only routes whose every component was audited for what belongs to one shopper.
 */
const TEMPLATE_ROUTES: readonly RegExp[] = [/^\/[a-z]{2}\/products\/$/];

const isTemplateRoute = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return TEMPLATE_ROUTES.some((route) => route.test(path));
};

/**
 * Whether a signed-in user's page shows nothing personal but the template's holes: not staff
 * (hidden products, a closed shop), no discounts of their own on anything (the cards' prices,
 * decision 0066), and the API's caches as a visitor's (`noCache`).
 */
const plainShopper = (user: PersonalUser) => !user.isStaff && !user.noCache && !user.personalPrices;

/**
 * The largest page form post read, in bytes: the storefront's forms are a few fields (the picture
 * upload has its own limit below), so anything bigger is refused with 413 before it is read, not
 * after its CSRF check.
 */
export const STOREFRONT_BODY_LIMIT = 1024 * 1024;

/**
 * The one page form that posts a file, the staff's picture upload: the API's largest picture and
 * the form's other fields around it. Past it: 413 before it is read.
 */
export const PICTURE_FORM_BODY_LIMIT = MAX_PICTURE_BYTES + 64 * 1024;

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
  /** Rendered as for a visitor: with these cookies (a template's render, decision 0067). */
  visitor?: { cookie: string | undefined },
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
  if (visitor) {
    headers.delete('cookie');
    headers.delete('authorization');
    if (visitor.cookie) headers.set('cookie', visitor.cookie);
  }
  // HEAD is a GET whose body is not sent (mountStorefront drops it); React Router would treat
  // a HEAD as a data request. A refused request is rendered as a GET too (its error screen).
  const method = req.method === 'HEAD' || refusal ? 'GET' : req.method;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && Buffer.isBuffer(req.body)) {
    init.body = req.body;
  }
  return new Request(url, init);
}

/**
 * Says where a page for a visitor without a session came from: the page cache, current (`hit`);
 * the page cache past its time while another request renders it anew (`stale`); another
 * request's render of the same page, waited for (`shared`); rendered for this request to be kept
 * (`miss`). No header: rendered for this request, not kept.
 */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/** Ten seconds bounds what no write announces (a discount starting); 64 MB of pages at most. */
export const DEFAULT_PAGE_CACHE = { ttlMs: 10_000, maxBytes: 64 * 1024 * 1024 };

const PAGE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);

/** Statuses whose page answer carries the API's Retry-After (the shop is briefly away, or busy). */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** A rendered response's status, headers (its cookies apart) and nonce, as a kept page has them. */
function keptHead(response: Response, nonce: string) {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value]);
  });
  return {
    head: { status: response.status, headers, nonce },
    setCookies: response.headers.getSetCookie(),
  };
}

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
    /** The page cache (page-cache.ts); `ttlMs: 0` turns it off. `now`: a clock for tests. */
    cache?: { ttlMs: number; maxBytes: number; now?: () => number };
  },
): Promise<{ cache: PageCache | null }> {
  const handler = createRequestHandler(build, 'production');
  const entry = build.entry.module as unknown as StorefrontEntry;
  const apiFetch = injectFetch(app);
  const host = 'http://storefront.internal';
  // The app's metrics count the kept pages' hits and misses (decision 0061), when it has them.
  const metrics = app.hasDecorator('metrics') ? app.metrics : null;
  const cache =
    cacheOptions.ttlMs > 0
      ? pageCache({
          ...cacheOptions,
          version: () => app.pageDataVersion(),
          unavailable: isDatabaseUnavailable,
          ...(metrics ? { onLookup: metrics.cacheLookups('page') } : {}),
        })
      : null;
  const patternOf = pagePatterns(build);

  /** A kept page, with this answer's nonce and the visitor's CSRF token (or a new one). */
  const sendKept = (
    req: FastifyRequest,
    reply: FastifyReply,
    kept: Template,
    source: 'hit' | 'stale' | 'shared',
  ) => {
    const page = fill(kept, {
      nonce: req.cspNonce,
      token: keptToken(req.headers.cookie) ?? newCsrfToken(),
    });
    reply.code(page.status);
    for (const [key, value] of page.headers) reply.header(key, value);
    if (page.setCookies.length) reply.header('set-cookie', page.setCookies);
    reply.header(PAGE_CACHE_HEADER, source);
    return reply.send(req.method === 'HEAD' ? undefined : page.body);
  };

  /**
   * The page rendered for this very request, the API's Retry-After if it sent one, and where its
   * time went (Server-Timing). Its in-process API calls carry the page's request id, and its
   * handling logs through the page's request logger: one id for a page and all it caused.
   */
  const renderPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    refusal?: PageRefusal,
    /** A template's render: as for a visitor with these cookies, in template mode. */
    visitor?: { cookie: string | undefined },
  ) => {
    // The API's Retry-After (PostgreSQL or Redis away: 503; a limit: 429) goes on to the page.
    let retryAfter: string | null = null;
    const timing = pageTiming();
    const transport = {
      host,
      fetch: (async (input, init) => {
        const headers = new Headers(
          init?.headers ?? (input instanceof Request ? input.headers : undefined),
        );
        headers.set('x-request-id', req.id);
        const stop = timing.api.start();
        try {
          const res = await apiFetch(input, { ...init, headers });
          if (RETRY_STATUSES.has(res.status)) retryAfter = res.headers.get('retry-after');
          return res;
        } finally {
          stop();
        }
      }) satisfies typeof fetch,
    };
    const render = () =>
      handler(
        toWebRequest(req, reply, publicOrigin, refusal, visitor),
        entry.createLoadContext(transport, {
          nonce: req.cspNonce,
          renderTimer: timing.render,
          ...(visitor ? { template: true } : {}),
        }) as Parameters<typeof handler>[1],
      );
    // The session this request read is handed to the API calls of its loaders (decision 0055);
    // a template is rendered without one.
    const handle = () =>
      app.hasDecorator('withPageSession') && !visitor ? app.withPageSession(req, render) : render();
    const response = await timed(timing, () =>
      entry.withPageLogger ? entry.withPageLogger(req.log, handle) : handle(),
    );
    return { response, retryAfter: retryAfter as string | null, timing };
  };
  type Rendered = Awaited<ReturnType<typeof renderPage>>;

  /**
   * The shop's 503 screen, rendered without running a loader: the page cache could not read the
   * change count because the database is away, and a render would wait for it once more. A pool
   * whose queue refused the read (PoolBusyError, decision 0083) is a busy shop, not one that is
   * away: the "busy" screen, with the API's Retry-After for it (5 s, plugins/errors.ts), as a
   * loader's API call that met the busy answer shows it (decision 0088).
   */
  const sendOutage = async (req: FastifyRequest, reply: FastifyReply, busy = false) => {
    // A form post refused busy before its action ran: nothing was done, and it may be sent again;
    // unless the request may have written already (runs in its context: lib/request-writes.ts).
    const key = !busy
      ? 'errors.unavailable'
      : req.method === 'POST' && !mayHaveWritten()
        ? 'errors.busyNothingDone'
        : 'errors.busy';
    const detail = translatorFor(localeOfUrl(req.url))(key);
    // As the API answers its own calls while the database is away or busy (plugins/errors.ts).
    reply.header('Retry-After', busy ? '5' : '10');
    return sendRendered(req, reply, await renderPage(req, reply, { status: 503, detail }));
  };
  const AWAY = Symbol('the database is away');
  const BUSY = Symbol('the pool is busy');
  /** A page cache call's answer, or AWAY (BUSY) when it failed because the database is away (busy). */
  const orAway = <T>(call: Promise<T>): Promise<T | typeof AWAY | typeof BUSY> =>
    call.catch((error: unknown) => {
      if (isPoolBusy(error)) return BUSY;
      if (isDatabaseUnavailable(error)) return AWAY;
      throw error;
    });

  /** The status and headers of a page rendered for this request; `kept`: it is being kept. */
  const sendHead = (
    reply: FastifyReply,
    { response, retryAfter, timing }: Rendered,
    kept: boolean,
  ) => {
    reply.code(response.status);
    // This render's own times: never part of a kept page (its head is taken from the response).
    reply.header('Server-Timing', serverTimingHeader(timing));
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    if (RETRY_STATUSES.has(response.status) && retryAfter && !reply.hasHeader('retry-after')) {
      reply.header('Retry-After', retryAfter);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (kept) reply.header(PAGE_CACHE_HEADER, 'miss');
  };

  /** A page rendered for this request, streamed as React Router renders it. */
  const sendRendered = async (req: FastifyRequest, reply: FastifyReply, rendered: Rendered) => {
    sendHead(reply, rendered, false);
    const { body } = rendered.response;
    if (req.method === 'HEAD') {
      // The same status and headers as GET, without rendering the rest of the body.
      await body?.cancel();
      return reply.send();
    }
    return reply.send(body ? Readable.fromWeb(body) : null);
  };

  /**
   * The personal view of a request with a session, read in-process on the page request's own
   * session and user (apps/api plugins/personal-view.ts: the reads of `user_info` and the
   * badges, no HTTP call), and the session's CSRF token (its cookie set on this answer when the
   * browser held another, as the API does). Null: the page is rendered for it (the user is not a
   * plain shopper, or the app cannot read the view).
   */
  const personalOf = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!app.hasDecorator('pagePersonalView')) return null;
    const { user, badges } = await app.pagePersonalView(req);
    if (user && !plainShopper(user)) return null;
    return {
      view: entry.personalViewOf?.(user, badges),
      token: req.csrfToken(reply),
    };
  };

  /**
   * Whether a request with a session may be sent the kept data answer (decision 0080): its user is
   * none or a plain shopper, as for a template. Its session's CSRF token is set in a cookie when
   * the browser held another, as any API answer to that session does. No badges: a data answer
   * shows none. Null: the answer is rendered for it.
   */
  const dataPersonalOf = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!app.hasDecorator('pageUser')) return null;
    const user = await app.pageUser(req);
    if (user && !plainShopper(user)) return null;
    return { view: null, token: req.csrfToken(reply) };
  };

  /**
   * A kept data answer (decision 0080) with this answer's secrets, sent: it holds no one's view,
   * so nothing is filled in. The token matters only where the template set a visitor's new one.
   */
  const sendKeptData = (
    req: FastifyRequest,
    reply: FastifyReply,
    template: Template,
    source: CacheSource,
    personal: Personal,
  ) => {
    const answer = fill(template, {
      nonce: req.cspNonce,
      token: personal.token ?? keptToken(req.headers.cookie) ?? newCsrfToken(),
    });
    reply.code(answer.status);
    for (const [key, value] of answer.headers) reply.header(key, value);
    if (answer.setCookies.length) reply.header('set-cookie', answer.setCookies);
    reply.header(PAGE_CACHE_HEADER, source === 'load' ? 'miss' : source);
    return reply.send(req.method === 'HEAD' ? undefined : dataBytes(template, answer.body));
  };
  /**
   * A kept data answer's bytes, encoded once while it is kept: it holds no secret (no piece cut
   * out), so every answer is the same bytes (encoding 12 KB per answer was a tenth of its CPU).
   */
  const encodedData = new WeakMap<Template, Buffer>();
  const dataBytes = (template: Template, body: string): Buffer | string => {
    const [only, ...more] = template.body;
    if (more.length > 0 || only?.length !== 1) return body;
    let bytes = encodedData.get(template);
    if (!bytes) {
      bytes = Buffer.from(body);
      encodedData.set(template, bytes);
    }
    return bytes;
  };

  /**
   * Each kept template parsed and encoded once (its secrets as marks), with the page of a visitor
   * without a session (their view is always the same), for as long as it is kept: a shopper's
   * answer is one walk and one copy of bytes, a visitor's one copy.
   */
  const prepared = new WeakMap<Template, { parsed: unknown; visitor?: PagePiece[] | null }>();
  const preparedOf = (template: Template) => {
    const { compilePersonalPage, NONCE_MARK, TOKEN_MARK } = entry;
    if (!compilePersonalPage || !NONCE_MARK || !TOKEN_MARK) return null;
    let kept = prepared.get(template);
    if (kept === undefined) {
      kept = {
        parsed: compilePersonalPage(fill(template, { nonce: NONCE_MARK, token: TOKEN_MARK }).body),
      };
      prepared.set(template, kept);
    }
    return kept.parsed ? kept : null;
  };

  /** A request's personal view and CSRF token (`personalOf`; a visitor's: no token of its own). */
  type Personal = { view: unknown; token: string | undefined };

  /**
   * A kept template filled with one request's personal view and secrets (decision 0067), sent;
   * null when it cannot be filled (the page is then rendered for its request).
   */
  const sendFilled = (
    req: FastifyRequest,
    reply: FastifyReply,
    template: Template,
    source: CacheSource,
    { request, personal }: { request: TemplateRequest; personal: Personal },
  ) => {
    const locale = req.url.split('/', 2)[1] ?? '';
    const secrets = {
      nonce: req.cspNonce,
      token: personal.token ?? keptToken(req.headers.cookie) ?? newCsrfToken(),
    };
    const kept = preparedOf(template);
    let body: Buffer | string | null | undefined;
    if (kept) {
      let pieces: PagePiece[] | null | undefined;
      if (request.session) {
        pieces = entry.personalPagePieces?.(kept.parsed, personal.view, locale, false);
      } else {
        // The key holds the path, so one template is one locale's: its visitor page is too.
        if (kept.visitor === undefined) {
          kept.visitor = entry.personalPagePieces?.(kept.parsed, personal.view, locale, true);
        }
        pieces = kept.visitor;
      }
      body = pieces ? pageBytes(pieces, secrets) : null;
    } else {
      body = entry.fillPersonalPage?.(
        fill(template, secrets).body,
        personal.view,
        locale,
        req.cspNonce,
      );
    }
    if (!body) return null;
    reply.code(template.status);
    for (const [key, value] of template.headers) reply.header(key, value);
    const setCookies = template.setCookies.map((pieces) => pieces.join(secrets.token));
    if (setCookies.length) reply.header('set-cookie', setCookies);
    reply.header(PAGE_CACHE_HEADER, source === 'load' ? 'miss' : source);
    return reply.send(req.method === 'HEAD' ? undefined : body);
  };

  /**
   * A page answered through the page cache (decisions 41 and 0067): the kept page of `key`, or
   * rendered once for every concurrent request and kept if it may be. The one loader of both
   * kinds of kept page; they differ in two things only:
   * - a plain kept page (`templated` null) is rendered for this very visitor, so their copy is
   *   streamed to them as it renders while the other copy is read whole and kept; other answers
   *   get the kept page with their own secrets (`sendKept`);
   * - a template (`templated`: a page on a template route) is rendered as for a visitor without
   *   the request's session, in template mode, read whole, and every answer (this one too) is it
   *   filled with the request's personal view (`sendFilled`).
   * A render that is not a page to keep (a 503 while the database is away, a personal cookie) is
   * this request's answer as it is, never rendered a second time — but a session's request is
   * not sent a visitor's page: it gets the outage page without the visitor's cookies (their CSRF
   * token is not the session's), anything else rendered for itself.
   */
  const cachedPage = async (
    req: FastifyRequest,
    reply: FastifyReply,
    pageCache: PageCache,
    key: string,
    templated: { request: TemplateRequest; personal: Personal; data?: boolean } | null,
  ) => {
    const own: { rendered?: Rendered; streamed?: boolean; error?: unknown } = {};
    const visitorCookie = templated ? templated.request.visitorCookie : req.headers.cookie;
    const found =
      req.method === 'HEAD'
        ? // A HEAD is answered from a current kept page, or rendered for itself without its
          // body: it never renders a page for others to wait for.
          await orAway(pageCache.peek(key).then((value) => ({ value, source: 'hit' as const })))
        : // One request renders a missing or stale page; concurrent requests for the same key
          // wait for its template, or are served the old page meanwhile (decision 41). The cache
          // reads the change count before the render, so a change made meanwhile leaves the
          // page stale.
          await orAway(
            pageCache.fetch(key, async (keeping) => {
              let rendered: Rendered;
              try {
                rendered = await renderPage(
                  req,
                  reply,
                  undefined,
                  templated ? { cookie: visitorCookie } : undefined,
                );
              } catch (error) {
                // This request's failure, not the waiters': they render for themselves.
                own.error = error;
                return null;
              }
              const { response } = rendered;
              const { head, setCookies } = keptHead(response, req.cspNonce);
              const visitorToken = keptToken(visitorCookie);
              if (
                !response.body ||
                !keepableToken({ ...head, setCookies }, visitorToken, templated?.data)
              ) {
                // Not a page to keep (its status, a personal cookie): sent on below, the waiters
                // render for themselves.
                if (!templated?.request.session) own.rendered = rendered;
                else if (response.status >= 500) {
                  const headers = new Headers(response.headers);
                  headers.delete('set-cookie');
                  own.rendered = {
                    ...rendered,
                    response: new Response(response.body, { status: response.status, headers }),
                  };
                } else await response.body?.cancel();
                return null;
              }
              let body = response.body;
              if (!templated) {
                // A page every visitor without a session would get: this visitor's copy is sent
                // on as it renders, the other read whole and kept.
                const [sent, kept] = body.tee();
                own.streamed = true;
                sendHead(reply, rendered, keeping);
                void reply.send(Readable.fromWeb(sent));
                body = kept;
              }
              try {
                const text = await new Response(body).text();
                return templateOf(
                  { ...head, setCookies, body: text },
                  visitorToken,
                  templated?.data,
                );
              } catch {
                // The render broke off (this visitor left): nothing to keep; the waiters render.
                return null;
              }
            }),
          );
    if (found === AWAY || found === BUSY) return sendOutage(req, reply, found === BUSY);
    if (own.error !== undefined) throw own.error;
    if (own.streamed) return reply;
    if (own.rendered) return sendRendered(req, reply, own.rendered);
    const { value: template, source } = found;
    if (template && templated?.data) {
      return sendKeptData(req, reply, template, source, templated.personal);
    } else if (template && templated) {
      const sent = sendFilled(req, reply, template, source, templated);
      if (sent) return sent;
    } else if (template && (source === 'hit' || source === 'stale' || source === 'shared')) {
      // Another request's render: its template with this answer's secrets.
      return sendKept(req, reply, template, source);
    }
    // Nothing kept for a HEAD, or a template that could not be filled: rendered for itself.
    return sendRendered(req, reply, await renderPage(req, reply));
  };

  const render = async (req: FastifyRequest, reply: FastifyReply, refusal?: PageRefusal) => {
    if (!cache || refusal) return sendRendered(req, reply, await renderPage(req, reply, refusal));
    const pageRequest = {
      method: req.method,
      url: req.url,
      protocol: req.protocol,
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
    };
    // The list route's data request (a filter click, decision 0080): the kept answer of its
    // visitor key, the same for visitors and plain shoppers; anyone else's is rendered for them.
    const data = keptDataRequest(pageRequest);
    if (data) {
      const personal = data.session
        ? await dataPersonalOf(req, reply)
        : { view: null, token: undefined };
      if (!personal) return sendRendered(req, reply, await renderPage(req, reply));
      return cachedPage(req, reply, cache, data.key, { request: data, personal, data: true });
    }
    // A page on a template route (decision 0067): the kept template of its visitor key, filled
    // with the request's personal view — the visitor's for a request without a session. A user
    // who is not a plain shopper gets a page rendered for them, as before.
    const request =
      entry.fillPersonalPage && isTemplateRoute(req.url) ? templateRequest(pageRequest) : null;
    if (request) {
      const personal = request.session
        ? await personalOf(req, reply)
        : { view: entry.personalViewOf?.(null, null), token: undefined };
      if (!personal) return sendRendered(req, reply, await renderPage(req, reply));
      return cachedPage(req, reply, cache, request.key, { request, personal });
    }
    const key = pageCacheKey(pageRequest);
    if (!key) return sendRendered(req, reply, await renderPage(req, reply));
    return cachedPage(req, reply, cache, key, null);
  };

  await app.register(async (scope) => {
    // A page counts under its React Router route, not Fastify's `/*` (the metrics' label).
    if (metrics) {
      scope.addHook('onRequest', async (req) => {
        try {
          req.metricsRoute = patternOf(req.url.split('?', 1)[0] ?? '/');
        } catch (err) {
          req.log.error({ err }, 'metrics: matching the page route failed');
        }
      });
    }
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
      if (refusal) return render(req, reply, refusal);
      // The page's own reads before it rendered (its session, its user's personal view) met a
      // busy pool or a database that is away: the shop's screen for it, in the path's language,
      // as a loader's API call would show it; never the API's JSON answer on a page's address.
      if (!reply.sent && !reply.raw.headersSent && isDatabaseUnavailable(error)) {
        return sendOutage(req, reply, isPoolBusy(error));
      }
      throw error;
    });
    const page = async (req: FastifyRequest, reply: FastifyReply) => {
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
    };
    scope.all('/*', page);
    // The one form that posts a file: a product picture (staff only, checked by the API), as a
    // page post and as React Router's data request (`…/_.data`) when JavaScript sends it.
    for (const path of [
      '/:locale/staff/products/:id/pictures/',
      '/:locale/staff/products/:id/pictures/_.data',
    ])
      scope.post(path, { bodyLimit: PICTURE_FORM_BODY_LIMIT }, page);
  });
  return { cache };
}
