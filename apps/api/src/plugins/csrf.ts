import type {} from '@fastify/cookie';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_TOKEN_PATTERN, newCsrfToken } from '@shop/contract';
import { translatorFor } from '#api/lib/i18n.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's CSRF token, issuing a new cookie when there is none. */
    csrfToken(reply: FastifyReply): string;
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
 * so it cannot forge the header.
 */
export const csrfPlugin = fp<{ secureCookies: boolean }>(
  async (app, { secureCookies }) => {
    app.decorateRequest('csrfToken', function (this: FastifyRequest, reply: FastifyReply) {
      const existing = this.cookies[CSRF_COOKIE];
      if (existing && CSRF_TOKEN_PATTERN.test(existing)) return existing;
      const token = newCsrfToken();
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: secureCookies || this.protocol === 'https',
        maxAge: 365 * 86_400,
      });
      return token;
    });

    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      // The API's writes only: the storefront's form posts carry their token in a form field and
      // are checked by the storefront (browser forms cannot send this header).
      if (!UNSAFE.has(req.method) || !req.routeOptions.url?.startsWith('/:locale/api/')) return;
      const cookie = req.cookies[CSRF_COOKIE];
      const header = req.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        // In the path's language (this runs before the shop guard has read the locale).
        const locale = (req.params as { locale?: string }).locale;
        return reply.code(403).send({ detail: translatorFor(locale)('errors.csrf') });
      }
    });
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
