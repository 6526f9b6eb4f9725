// What a page shows of its shopper, read for the server's filling of a kept template (decision
// 0067) without an HTTP call: the same reads as `GET /api/accounts/user_info/` and
// `GET /api/sales/badges/`, on the page request's own session and user (read once, when the
// request started), and the user's own discounts kept per user (decision 0066).
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BADGE_SAVED_MAX, type Badges, type UserInfo } from '@shop/contract';
import { readBadges } from '#api/repos/badges.ts';
import { userInfo } from '#api/repos/users.ts';

export type PagePersonalView = { user: UserInfo | null; badges: Badges };

declare module 'fastify' {
  interface FastifyInstance {
    /** The user (`user_info`'s answer) and the badges of a page request's session. */
    pagePersonalView(req: FastifyRequest): Promise<PagePersonalView>;
    /**
     * The user (`user_info`'s answer) of a page request's session alone, without the badges: what
     * decides whether a kept data answer may be sent (decision 0080). No statement while the
     * user's own discounts are kept: the session and its user were read when the request started.
     */
    pageUser(req: FastifyRequest): Promise<UserInfo | null>;
  }
}

export const personalViewPlugin = fp(
  async (app) => {
    app.decorate('pagePersonalView', async (req: FastifyRequest): Promise<PagePersonalView> => {
      const user = await req.getUser();
      // The cart's owner as the badges read it: the user's when logged in, else the session's.
      const owner = user ? { userId: user.id } : req.session ? { sessionId: req.session.id } : null;
      const [mine, badges] = await Promise.all([
        user ? req.ownDiscounts() : [],
        readBadges(app.db, owner, user?.id ?? null, BADGE_SAVED_MAX),
      ]);
      return { user: user ? await userInfo(app.db, user, mine) : null, badges };
    });
    app.decorate('pageUser', async (req: FastifyRequest): Promise<UserInfo | null> => {
      const user = await req.getUser();
      return user ? userInfo(app.db, user, await req.ownDiscounts()) : null;
    });
  },
  { name: 'personal-view', dependencies: ['sessions', 'card-data'] },
);
