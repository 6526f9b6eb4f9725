import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  csrfResponseSchema,
  errorBodySchema,
  localeSchema,
  loginBodySchema,
  userInfoSchema,
  type UserInfo,
} from '@shop/contract';
import { discounts, users } from '#api/db/schema.ts';
import { and, isNull } from 'drizzle-orm';
import { HttpError } from '#api/plugins/errors.ts';
import type { SessionUser } from '#api/plugins/sessions.ts';
import type { Database } from '#api/db/client.ts';
import { moveSessionCart } from '#api/repos/cart.ts';
import { cartEnabled } from '#api/repos/catalogue.ts';

const params = z.object({ locale: localeSchema });

/** Verifying against this keeps a login for an unknown email as slow as one for a known email. */
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0tHbnVxwYv1m7Qy0F0CeSAbE0xWk8xu1yQ7vY1Y2A2U';

async function userInfo(db: Database, user: SessionUser): Promise<UserInfo> {
  // A user's own discounts on everything (product and bundle not set).
  const own = await db
    .select()
    .from(discounts)
    .where(
      and(eq(discounts.userId, user.id), isNull(discounts.productId), isNull(discounts.bundleId)),
    );
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isStaff: user.isStaff,
    noCache: user.noCache,
    locale: user.locale,
    discounts: own.map((d) => ({
      value: d.value,
      start: d.startsAt?.toISOString() ?? null,
      end: d.endsAt?.toISOString() ?? null,
      user: true,
    })),
  };
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/login/',
    {
      config: { shop: 'open' },
      schema: {
        tags: ['accounts'],
        summary: 'Issues the csrftoken cookie (and returns its value) for later writes',
        params,
        response: { 200: csrfResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { csrfToken: req.csrfToken(reply) };
    },
  );

  app.post(
    '/accounts/login/',
    {
      config: { shop: 'open' },
      schema: {
        tags: ['accounts'],
        params,
        body: loginBodySchema,
        response: { 200: userInfoSchema, 400: errorBodySchema },
      },
    },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      const [user] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
      const ok = await verify(user?.passwordHash ?? DUMMY_HASH, req.body.password).catch(
        () => false,
      );
      if (!user || !ok || !user.isActive) {
        throw new HttpError(400, req.t('auth.invalidCredentials'));
      }
      // The anonymous session's cart follows the shopper; logIn replaces the session id.
      const anonymousSession = req.session?.userId == null ? req.session?.id : undefined;
      await req.logIn(reply, user.id);
      if (anonymousSession)
        await moveSessionCart(app.db, anonymousSession, {
          userId: user.id,
          now: new Date(),
          cartEnabled: await cartEnabled(app.db),
        });
      return userInfo(app.db, user);
    },
  );

  app.get(
    '/accounts/user_info/',
    {
      config: { shop: 'open' },
      schema: {
        tags: ['accounts'],
        params,
        response: { 200: userInfoSchema, 401: errorBodySchema },
      },
    },
    async (req) => {
      const user = await req.getUser();
      if (!user) throw new HttpError(401, 'Authentication credentials were not provided.');
      return userInfo(app.db, user);
    },
  );

  app.post(
    '/accounts/logout/',
    { config: { shop: 'open' }, schema: { tags: ['accounts'], params } },
    async (req, reply) => {
      await req.logOut(reply);
      return reply.code(204).send();
    },
  );
};
