import type { FastifyPluginAsync } from 'fastify';
import { verify } from '@node-rs/argon2';
import { endpoints } from '@shop/contract';
import { HttpError } from '#api/plugins/errors.ts';
import { moveSessionCart } from '#api/repos/cart.ts';
import { findUserByEmail, userInfo } from '#api/repos/users.ts';
import { defineEndpoint } from './define.ts';

const e = endpoints.accounts;

/** Verifying against this keeps a login for an unknown email as slow as one for a known email. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0tHbnVxwYv1m7Qy0F0CeSAbE0xWk8xu1yQ7vY1Y2A2U';

/** Account calls stay open while the shop is closed: staff log in to see it. */
const open = { shop: 'open' } as const;

export const accountRoutes: FastifyPluginAsync = async (app) => {
  defineEndpoint(
    app,
    e.csrf,
    async (req, _input, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { csrfToken: req.csrfToken(reply) };
    },
    open,
  );

  defineEndpoint(
    app,
    e.login,
    async (req, { body }, reply) => {
      const user = await findUserByEmail(app.db, body.email);
      const ok = await verify(user?.passwordHash ?? DUMMY_HASH, body.password).catch(() => false);
      if (!user || !ok || !user.isActive) {
        throw new HttpError(400, req.t('auth.invalidCredentials'));
      }
      // The anonymous session's cart follows the shopper; logIn replaces the session id.
      const anonymousSession = req.session?.userId == null ? req.session?.id : undefined;
      await req.logIn(reply, user.id);
      let cartMerge = null;
      if (anonymousSession) {
        const shop = await app.shopInfo(req.locale);
        cartMerge = await moveSessionCart(app.db, anonymousSession, {
          userId: user.id,
          now: new Date(),
          cartEnabled: shop?.cart ?? false,
        });
      }
      return { ...(await userInfo(app.db, user)), cartMerge };
    },
    open,
  );

  defineEndpoint(
    app,
    e.userInfo,
    async (req) => {
      const user = await req.getUser();
      if (!user) throw new HttpError(401, 'Authentication credentials were not provided.');
      return userInfo(app.db, user);
    },
    open,
  );

  defineEndpoint(
    app,
    e.logout,
    async (req, _input, reply) => {
      await req.logOut(reply);
      return reply.code(204).send();
    },
    open,
  );
};
