// The page cache (docs/decisions/0035-page-cache.md): a page rendered for a visitor without a
// session is the same HTML for every such visitor but for two per-response secrets, the CSP nonce
// and the CSRF token. It is kept with both cut out and served with the next visitor's own, until
// anything a page shows changes (the pages' change count, migration 0010) or `ttlMs` passes. The
// keeping is the shop's one cache primitive (@shop/api/cache, decision 41).
import { parseCookie } from 'cookie';
import { sharedCache, type CacheOptions, type SharedCache } from '@shop/api/cache';
import { CSRF_TOKEN_PATTERN } from '@shop/contract';

/**
 * The only cookies a cached page may be asked with: the CSRF token (cut out of the page), the
 * cookie choice and the saved language (both part of the key). Any other cookie (a session, the
 * one-time cart notice, a cookie this list does not know) is someone's own: the page is rendered.
 */
const SHARED_COOKIES: ReadonlySet<string> = new Set([
  'csrftoken',
  'cookie_consent',
  'locale',
  // Only the login reads it (decision 0043): a browser that once logged in is still a visitor.
  'known_device',
]);
/** The content type of React Router's data answers (`.data`, single fetch). */
const DATA_TYPE = 'text/x-script';

/** The cookies a cached page may set: the visitor's new CSRF token and the page's language. */
const SETTABLE_COOKIES: ReadonlySet<string> = new Set(['csrftoken', 'locale']);

/** What the key is made of: nothing else of the request may change the page. */
export type PageRequest = {
  method: string;
  /** Path and query, as the request line had them. */
  url: string;
  protocol: string;
  cookie: string | undefined;
  authorization: string | undefined;
};

/** The request's cookies, parsed as the API parses them (duplicates: the first wins). */
const cookies = (header: string | undefined): Map<string, string> =>
  new Map(
    Object.entries(parseCookie(header ?? '')).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );

/** The visitor's CSRF token when the shop would keep it, else undefined (a new one is issued). */
export function keptToken(cookie: string | undefined): string | undefined {
  const token = cookies(cookie).get('csrftoken');
  return token && CSRF_TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * The cache key of a page request, or null when its page must be rendered for it: anything but
 * GET and HEAD, React Router's data requests (`.data`), credentials, or a cookie not shared.
 */
export function pageCacheKey(req: PageRequest): string | null {
  const path = req.url.split('?', 1)[0] ?? '';
  if (path.endsWith('.data')) return null;
  return keyOf(req);
}

/** The key of a request whose answer may be kept (`pageCacheKey` without its `.data` rule). */
function keyOf(req: PageRequest): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (req.authorization !== undefined) return null;
  const jar = cookies(req.cookie);
  for (const name of jar.keys()) if (!SHARED_COOKIES.has(name)) return null;
  return [
    req.protocol,
    req.url,
    `consent=${jar.get('cookie_consent') ?? ''}`,
    `locale=${jar.get('locale') ?? ''}`,
    // Whether the render issues a token (and its cookie) or uses the visitor's.
    keptToken(req.cookie) ? 'token' : 'new-token',
  ].join(' ');
}

/** The API's session cookie (apps/api plugins/sessions.ts). */
export const SESSION_COOKIE = 'sessionid';

/** A request for a page kept as a template with personal holes (decision 0067). */
export type TemplateRequest = {
  /** The kept template's key: the key of the same request without its session. */
  key: string;
  /** The request's cookies less its session: what the template is rendered with. */
  visitorCookie: string | undefined;
  /** It has a session: its personal view is read and filled in; else the visitor's is. */
  session: boolean;
};

/**
 * The template request of a page request, or null when the page must be rendered for it (the
 * reasons of `pageCacheKey`, with one cookie more allowed: the session, and that only with a
 * CSRF token the shop keeps, so that the token filled in is the session's without a new cookie).
 */
export function templateRequest(req: PageRequest): TemplateRequest | null {
  return withoutSession(req, pageCacheKey);
}

/**
 * The data requests kept like pages (decision 0080): React Router's `.data` request of the product
 * list asking for the list route's loader alone — a filter, sort or page change on the list, the
 * layouts' `shouldRevalidate` leaving theirs out. Its answer is the list route's data only: the
 * same for every visitor and plain shopper (no user, cart or token in it).
 */
const KEPT_DATA_PATHS: readonly RegExp[] = [/^\/[a-z]{2}\/products\/_\.data$/];
const KEPT_DATA_ROUTES = 'routes/products';

/**
 * The kept-answer request of a data request (decision 0080), or null when it is answered for
 * itself: another path, other routes' loaders asked for (`_routes`), and `templateRequest`'s
 * reasons. The key is the key of the same request without its session, as for a template.
 */
export function keptDataRequest(req: PageRequest): TemplateRequest | null {
  // Read as React Router reads it (the whole query; the first `_routes`, split on commas): a second
  // `?` would otherwise hide another route's loader inside what looked like the list's alone.
  const url = new URL(req.url, 'http://kept.invalid');
  if (!KEPT_DATA_PATHS.some((route) => route.test(url.pathname))) return null;
  if (req.url.indexOf('?') !== req.url.lastIndexOf('?')) return null;
  const routes = url.searchParams.getAll('_routes');
  if (routes.length !== 1 || routes[0] !== KEPT_DATA_ROUTES) return null;
  return withoutSession(req, keyOf);
}

/** `req` as a template request: its key without the session cookie (see `templateRequest`). */
function withoutSession(
  req: PageRequest,
  keyOfRequest: (req: PageRequest) => string | null,
): TemplateRequest | null {
  const parts = (req.cookie ?? '').split(';');
  const isSession = (part: string) => part.slice(0, part.indexOf('=')).trim() === SESSION_COOKIE;
  const session = parts.some(isSession);
  if (session && !keptToken(req.cookie)) return null;
  const rest = parts.filter((part) => !isSession(part) && part.trim() !== '');
  const visitorCookie = rest.length ? rest.join(';').trim() : undefined;
  const key = keyOfRequest({ ...req, cookie: visitorCookie });
  return key ? { key, visitorCookie, session } : null;
}

/** A rendered page as the server answered it. */
export type RenderedPage = {
  status: number;
  headers: [string, string][];
  setCookies: string[];
  body: string;
  nonce: string;
};

/** A page with its secrets cut out: the body split at each nonce, each piece at each token. */
export type Template = {
  status: number;
  headers: [string, string][];
  setCookies: string[][];
  body: string[][];
};

/** The secrets of one answer. */
export type Secrets = { nonce: string; token: string };

const cookieName = (line: string) => line.slice(0, line.indexOf('=')).trim();

/**
 * The token a rendered page would be kept with, or null when it must not be kept, from what
 * precedes its body: only a 200 HTML page (or data answer, decision 0080) whose cookies are the
 * shared ones, and whose token is known (the visitor's, or the one it set). So a render can be sent on while it is kept.
 */
export function keepableToken(
  page: Omit<RenderedPage, 'body'>,
  visitorToken: string | undefined,
  data = false,
): string | null {
  if (page.status !== 200) return null;
  const type = page.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  // A page, or (`data`) React Router's data answer (turbo-stream) of a kept data request
  // (decision 0080): each kept only as what it was asked as.
  if (!type?.startsWith(data ? DATA_TYPE : 'text/html')) return null;
  if (!page.setCookies.every((line) => SETTABLE_COOKIES.has(cookieName(line)))) return null;
  const issued = page.setCookies
    .find((line) => cookieName(line) === 'csrftoken')
    ?.match(/^csrftoken=([^;]*)/)?.[1];
  const token = visitorToken ?? issued;
  if (!token || !CSRF_TOKEN_PATTERN.test(token) || !page.nonce) return null;
  return token;
}

/** The template of a rendered page, or null when it must not be kept (`keepableToken`). */
export function templateOf(
  page: RenderedPage,
  visitorToken: string | undefined,
  data = false,
): Template | null {
  const token = keepableToken(page, visitorToken, data);
  if (!token) return null;
  return {
    status: page.status,
    headers: page.headers,
    setCookies: page.setCookies.map((line) => line.split(token)),
    body: page.body.split(page.nonce).map((piece) => piece.split(token)),
  };
}

/** The page of a template with this answer's secrets in place. */
export function fill(template: Template, { nonce, token }: Secrets) {
  return {
    status: template.status,
    headers: template.headers,
    setCookies: template.setCookies.map((pieces) => pieces.join(token)),
    body: template.body.map((pieces) => pieces.join(token)).join(nonce),
  };
}

/**
 * Kept pages by key (`null`: a render that may not be kept). A page is current while the change
 * count is the one it was rendered under and it is younger than `ttlMs` (time-bound changes,
 * such as a discount starting, have no write to bump the count); for as long again it may be
 * served while one request renders it anew (decision 41). Least recently used out first past
 * `maxBytes` (about two per character). A miss is rendered once for every concurrent request.
 */
export type PageCache = SharedCache<string, Template | null>;

/** About the bytes a kept page holds: two per character of its pieces and key. */
const bytesOf = (template: Template, key: string) =>
  2 *
  (template.body.reduce((sum, pieces) => sum + pieces.reduce((n, p) => n + p.length, 0), 0) +
    key.length);

export function pageCache(options: {
  ttlMs: number;
  maxBytes: number;
  version: () => Promise<number>;
  /** Whether a failed read of the count says the database is away: thrown, no render. */
  unavailable?: (error: unknown) => boolean;
  now?: () => number;
  /** Counts its hits and misses (the metrics, decision 0061). */
  onLookup?: CacheOptions<string, Template | null>['onLookup'];
}): PageCache {
  return sharedCache<string, Template | null>({
    ttlMs: options.ttlMs,
    staleMs: options.ttlMs,
    maxSize: options.maxBytes,
    sizeOf: (template, key) => (template ? bytesOf(template, key) : 1),
    keep: (template) => template !== null,
    version: options.version,
    ...(options.unavailable ? { unavailable: options.unavailable } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.onLookup ? { onLookup: options.onLookup } : {}),
  });
}
