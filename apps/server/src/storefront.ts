import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

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

/** The request header that tells the storefront a page was asked for with another method. */
export const METHOD_NOT_ALLOWED_HEADER = 'x-shop-method-not-allowed';

function toWebRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
  /** A method pages do not take: the page is rendered as for a GET, marked for a 405. */
  refusedMethod?: string,
): Request {
  const url = pageUrl(req, publicOrigin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    // Only this server sets the marker.
    if (value === undefined || key === METHOD_NOT_ALLOWED_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  // The API's per-address limits (logins, the contact form) count the shopper, not the
  // storefront that calls the API in-process: the loaders pass this on (lib/api.server.ts).
  headers.set('x-forwarded-for', req.ip);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  if (refusedMethod) headers.set(METHOD_NOT_ALLOWED_HEADER, refusedMethod);
  // HEAD is a GET whose body is not sent (mountStorefront drops it); React Router would treat
  // a HEAD as a data request. A refused method is rendered as a GET too (its 405 screen).
  const method = req.method === 'HEAD' || refusedMethod ? 'GET' : req.method;
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal: controller.signal };
  if (method !== 'GET' && Buffer.isBuffer(req.body)) {
    init.body = req.body;
  }
  return new Request(url, init);
}

const PAGE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST']);

/**
 * Every path the API and the static files do not answer goes to React Router. Registered in its
 * own context so that form posts keep their raw bytes (read up to STOREFRONT_BODY_LIMIT, not
 * parsed). Each page gets the response's CSP nonce (plugins/security-headers.ts).
 */
export async function mountStorefront(
  app: FastifyInstance,
  build: ServerBuild,
  { publicOrigin }: { publicOrigin: string },
): Promise<void> {
  const handler = createRequestHandler(build, 'production');
  const entry = build.entry.module as unknown as StorefrontEntry;
  const transport = { fetch: injectFetch(app), host: 'http://storefront.internal' };
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: STOREFRONT_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.all('/*', async (req, reply) => {
      // Pages are read (GET, HEAD) and their forms posted (POST); nothing else reaches an action.
      // Anything else is answered 405 with the shop's error screen: the page is rendered as for
      // a GET, and the root middleware turns the marker into the 405 (no action ever runs).
      const allowed = PAGE_METHODS.has(req.method);
      if (!allowed) reply.header('Allow', [...PAGE_METHODS].join(', '));
      const response = await handler(
        toWebRequest(req, reply, publicOrigin, allowed ? undefined : req.method),
        entry.createLoadContext(transport, { nonce: req.cspNonce }) as Parameters<
          typeof handler
        >[1],
      );
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (req.method === 'HEAD') {
        // The same status and headers as GET, without rendering the rest of the body.
        await response.body?.cancel();
        return reply.send();
      }
      return reply.send(response.body ? Readable.fromWeb(response.body) : null);
    });
  });
}
