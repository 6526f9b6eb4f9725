import type {} from '@fastify/cookie';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_TOKEN_PATTERN, newCsrfToken } from '@shop/contract';
import { translatorFor } from '#api/lib/i18n.ts';
import { sign } from '#api/lib/secret-key.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's CSRF token, issuing a new cookie when there is none or it is not the session's. */
    csrfToken(reply: FastifyReply): string;
  }
  interface FastifyInstance {
    /**
     * Sets the CSRF cookie for the session that starts (its own token) or ends (`null`: a new
     * random one), so no token outlives the session it was issued for (sessions.ts calls it).
     */
    issueCsrfToken(req: FastifyRequest, reply: FastifyReply, sessionId: string | null): string;
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Django-style double submit: a readable `csrftoken` cookie, echoed by scripts in the
 * `X-CSRFToken` header. Another site can make the browser send the cookie but cannot read it,
 * so it cannot forge the header. With a session the token is the session's own, an HMAC of its
 * id with the secret key (decision 0006, issue 21): a cookie and header pair taken from another
 * session, or planted in this browser, is refused. Visitors without a session (the page cache
 * serves them) keep a random token: there is nothing of theirs to forge a write against.
 */
export const csrfPlugin = fp<{ secureCookies: boolean; secretKey: string }>(
  async (app, { secureCookies, secretKey }) => {
    const sessionToken = (sessionId: string) => sign(secretKey, 'csrf', sessionId);
    const setCookie = (req: FastifyRequest, reply: FastifyReply, token: string) => {
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: secureCookies || req.protocol === 'https',
        maxAge: 365 * 86_400,
      });
      return token;
    };

    app.decorate('issueCsrfToken', (req, reply, sessionId) =>
      setCookie(req, reply, sessionId === null ? newCsrfToken() : sessionToken(sessionId)),
    );

    app.decorateRequest('csrfToken', function (this: FastifyRequest, reply: FastifyReply) {
      const existing = this.cookies[CSRF_COOKIE];
      if (this.session) {
        const token = sessionToken(this.session.id);
        return existing === token ? token : setCookie(this, reply, token);
      }
      if (existing && CSRF_TOKEN_PATTERN.test(existing)) return existing;
      return setCookie(this, reply, newCsrfToken());
    });

    // After the session is read (sessions.ts registers its hook first).
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const cookie = req.cookies[CSRF_COOKIE];
      const expected = req.session ? sessionToken(req.session.id) : undefined;
      if (!UNSAFE.has(req.method)) {
        // A session whose browser holds another token (one from before the session): it gets
        // its own with this answer, so the page's next write carries it.
        if (expected && cookie !== expected) setCookie(req, reply, expected);
        return;
      }
      // The API's writes only: the storefront's form posts carry their token in a form field and
      // are checked by the storefront (browser forms cannot send this header); their API calls
      // then come here with the same cookie.
      if (!req.routeOptions.url?.startsWith('/:locale/api/')) return;
      const header = req.headers[CSRF_HEADER];
      if (
        !cookie ||
        typeof header !== 'string' ||
        !same(cookie, header) ||
        (expected !== undefined && !same(cookie, expected))
      ) {
        // In the path's language (this runs before the shop guard has read the locale).
        const locale = (req.params as { locale?: string }).locale;
        return reply.code(403).send({ detail: translatorFor(locale)('errors.csrf') });
      }
    });
  },
  // Registered after sessions (app.ts): its onRequest hook must have read the session first.
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
