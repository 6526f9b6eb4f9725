import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Translate } from '@shop/messages/translate';
import { translatorFor } from '#api/lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Translates a packages/messages key into the caller's language (the path's locale). */
    t: Translate;
  }
}

/** `req.t(key, values)`: every message a handler answers is in the language of the call. */
export const i18nPlugin = fp(
  async (app) => {
    app.decorateRequest('t', function (this: FastifyRequest, key, values) {
      return translatorFor(this.locale)(key, values);
    } satisfies Translate);
  },
  { name: 'i18n', dependencies: ['shop-guard'] },
);
